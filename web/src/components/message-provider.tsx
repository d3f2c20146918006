import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext } from 'react';

const MessageContext = createContext<MessageInstance | null>(null);

/**
 * Toasts for the whole app without antd's `App` (which brings its dialogs and notifications along):
 * the sign-in pages and the HTTP layer use this, so a first visit to /login loads no dialog code.
 * The pages behind them are inside antd's `App` as well (app/ant-app-outlet.tsx).
 */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  return (
    <MessageContext.Provider value={api}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

/** The app's toasts (antd's message API, themed and localised by the ConfigProvider). */
export function useMessage(): MessageInstance {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage needs a MessageProvider');
  return api;
}
