import { GlobalOutlined } from '@ant-design/icons';
import type { Locale } from '@jiema/shared';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS } from './locale-labels';

/**
 * Switches zh-CN / en-US; i18n saves the choice to local storage (spec §1). `compact` shows the
 * globe alone (a phone's header has no room for the language's name).
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { i18n, t } = useTranslation();
  return (
    <Dropdown
      menu={{
        selectedKeys: [i18n.language],
        items: (Object.keys(LOCALE_LABELS) as Locale[]).map((locale) => ({
          key: locale,
          label: LOCALE_LABELS[locale],
        })),
        onClick: ({ key }) => void i18n.changeLanguage(key),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('common.language')}
        data-testid="language-switch"
      >
        {compact ? null : (LOCALE_LABELS[i18n.language as Locale] ?? LOCALE_LABELS['zh-CN'])}
      </Button>
    </Dropdown>
  );
}
