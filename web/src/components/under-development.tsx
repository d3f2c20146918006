import { ToolOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §8's "feature under development" notice, for screens later work builds. */
export function UnderDevelopment({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        icon={<ToolOutlined />}
        title={t(`menu.${titleKey}`)}
        subTitle={t('common.underDevelopment')}
        data-testid="under-development"
      />
    </Card>
  );
}
