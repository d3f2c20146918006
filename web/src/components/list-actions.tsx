import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type Refreshable = { refetch(): unknown; isFetching: boolean };
type Exporter = { mutate(): void; isPending: boolean };

/**
 * The top-right buttons of a list page: refresh the list and, when `exporting` is given (the caller
 * passes it only to users holding the export permission), download what the filters select.
 */
export function ListActions({
  list,
  exporting,
  exportLabel,
  exportTestId,
  refreshTestId,
}: {
  list: Refreshable;
  exporting?: Exporter;
  exportLabel?: string;
  exportTestId?: string;
  refreshTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button
        icon={<ReloadOutlined />}
        onClick={() => void list.refetch()}
        loading={list.isFetching}
        aria-label={t('common.refresh')}
        data-testid={refreshTestId}
      />
      {exporting && (
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid={exportTestId}
        >
          {exportLabel ?? t('common.export')}
        </Button>
      )}
    </Space>
  );
}
