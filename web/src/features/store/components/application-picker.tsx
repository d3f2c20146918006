import { AppstoreOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../../components/app-icon';
import { useLocalName } from '../../../components/rental-cells';
import { useStoreApplications } from '../api/list-store-applications';

const QUICK = 10;

/** Step 1: the application, searchable by name or code, with the most wanted ones one click away. */
export function ApplicationPicker({ value, onChange }: { value?: number; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const apps = useStoreApplications();
  if (apps.isError) {
    // Spec §8: failure to get the application list.
    return <Alert type="error" showIcon message={t('store.appsFailed')} data-testid="store-apps-failed" />;
  }
  const list = apps.data ?? [];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Select
        showSearch
        value={value}
        loading={apps.isLoading}
        placeholder={t('store.chooseApplication')}
        onChange={onChange}
        optionFilterProp="search"
        style={{ width: '100%', maxWidth: 420 }}
        suffixIcon={<AppstoreOutlined />}
        options={list.map((app) => ({
          value: app.id,
          search: `${app.code} ${app.nameZh} ${app.nameEn}`,
          label: (
            <Space size={8}>
              <AppIcon app={app} />
              {name(app.nameZh, app.nameEn)}
              <Typography.Text type="secondary">{app.code}</Typography.Text>
            </Space>
          ),
        }))}
        data-testid="store-application"
      />
      <Flex wrap gap={8}>
        {list.slice(0, QUICK).map((app) => (
          <Button
            key={app.id}
            type={app.id === value ? 'primary' : 'default'}
            onClick={() => onChange(app.id)}
            icon={<AppIcon app={app} size={18} />}
            data-testid={`store-app-${app.code}`}
          >
            {name(app.nameZh, app.nameEn)}
          </Button>
        ))}
      </Flex>
    </Space>
  );
}
