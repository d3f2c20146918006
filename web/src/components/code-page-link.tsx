import { MobileOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The page behind a code link (`/code/<token>`), to open or hand to a client. */
export const codePageUrl = (token: string) => `${window.location.origin}/code/${token}`;

/** Opens a token's code page in a new tab (what resellers give their clients). */
export function CodePageLink({ token, testId }: { token: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('common.codePage')}>
      <Button
        size="small"
        type="text"
        icon={<MobileOutlined />}
        href={`/code/${token}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('common.codePage')}
        data-testid={testId}
      />
    </Tooltip>
  );
}
