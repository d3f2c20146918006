import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const isZh = i18n.language === 'zh-CN';
  useEffect(() => {
    dayjs.locale(isZh ? 'zh-cn' : 'en');
  }, [isZh]);
  return (
    <ConfigProvider
      locale={isZh ? zhCN : enUS}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}
    >
      <MessageProvider>
        <HttpBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MessageProvider>
    </ConfigProvider>
  );
}
