import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { MessageProvider, useMessage } from '../components/message-provider';
import { installHttpHooks } from '../lib/http';
import { isPublicPath, loginRedirectUrl } from '../lib/route-access';
import { router } from './router';

// networkMode 'always': with the browser offline, react-query's default pauses every call without
// a word (a login click did nothing); tried, the call fails with spec §8's message instead.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});

/** Routes the HTTP layer's toasts through the app's message context and its logout through the router. */
function HttpBridge() {
  const message = useMessage();
  useEffect(() => {
    installHttpHooks({
      // Keyed by its text: calls failing together for one reason (a cut network) show it once.
      toast: (text) => void message.error({ content: text, key: text }),
      toLogin: () => {
        const { pathname, search } = window.location;
        void router.navigate(isPublicPath(pathname) ? '/login' : loginRedirectUrl(`${pathname}${search}`), {
          replace: true,
        });
      },
    });
  }, [message]);
  return null;
}

/**
 * The theme for every page. antd's and dayjs's translations (date pickers, pagination, dialogs) are
 * set around the pages after sign-in (app/ant-app-outlet.tsx): the sign-in pages show none of them.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <MessageProvider>
        <HttpBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MessageProvider>
    </ConfigProvider>
  );
}
