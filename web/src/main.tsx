import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { installDraggableDialogs } from './lib/draggable-dialogs';
import { i18nReady } from './lib/i18n';
import { silenceConsoleInProduction } from './lib/silence-console';
import './styles.css';

silenceConsoleInProduction();
installDraggableDialogs();

// The first language's chunk is loaded before the first render, so no screen shows bare keys.
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
