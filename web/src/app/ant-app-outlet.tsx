import { App } from 'antd';
import { Outlet } from 'react-router';

/**
 * antd's `App` (its message, modal and notification contexts, which `App.useApp()` reads) around
 * every page but the sign-in pages: lazy, so /login does not download the dialogs' code.
 */
export function AntAppOutlet() {
  return (
    <App>
      <Outlet />
    </App>
  );
}
