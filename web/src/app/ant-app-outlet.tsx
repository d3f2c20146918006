import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/**
 * antd's `App` (its message, modal and notification contexts, which `App.useApp()` reads) and antd's
 * and dayjs's translations around every page but the sign-in pages: lazy, so /login downloads
 * neither the dialogs' code nor the date pickers' and pagination's words.
 */
export function AntAppOutlet() {
  const { i18n } = useTranslation();
  const isZh = i18n.language === 'zh-CN';
  // dayjs's language is global: set while rendering, so the pages below format dates in it at once.
  dayjs.locale(isZh ? 'zh-cn' : 'en');
  return (
    <ConfigProvider locale={isZh ? zhCN : enUS}>
      <App>
        <Outlet />
      </App>
    </ConfigProvider>
  );
}
