import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { installDraggableDialogs } from './lib/draggable-dialogs';
import './lib/i18n';
import { silenceConsoleInProduction } from './lib/silence-console';
import './styles.css';

silenceConsoleInProduction();
installDraggableDialogs();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
