import { Button, Divider, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The bulk actions over the phone number list: enable, disable or delete the selected numbers, or
 * enable or disable every number the filters match (`total`), each as the user's permissions allow.
 */
export function PhoneBulkBar({
  selected,
  total,
  busy,
  canEdit,
  canDelete,
  onSelected,
  onDeleteSelected,
  onAll,
}: {
  /** How many numbers are selected. */
  selected: number;
  total: number;
  busy: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onSelected: (enabled: boolean) => void;
  onDeleteSelected: () => Promise<unknown>;
  onAll: (enabled: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }} data-testid="phone-bulk">
      <Typography.Text type="secondary">{t('stock.bulk.selected', { count: selected })}</Typography.Text>
      {canEdit && (
        <>
          <Button
            size="small"
            disabled={selected === 0}
            loading={busy}
            onClick={() => onSelected(true)}
            data-testid="bulk-enable"
          >
            {t('stock.bulk.enableSelected')}
          </Button>
          <Button
            size="small"
            disabled={selected === 0}
            loading={busy}
            onClick={() => onSelected(false)}
            data-testid="bulk-disable"
          >
            {t('stock.bulk.disableSelected')}
          </Button>
        </>
      )}
      {canDelete && (
        <Popconfirm
          title={t('stock.bulk.deleteTitle', { count: selected })}
          description={t('stock.bulk.deleteHint')}
          okButtonProps={{ danger: true }}
          disabled={selected === 0}
          onConfirm={onDeleteSelected}
        >
          <Button size="small" danger disabled={selected === 0} loading={busy}>
            {t('stock.bulk.deleteSelected')}
          </Button>
        </Popconfirm>
      )}
      {canEdit && (
        <>
          <Divider orientation="vertical" />
          <Button
            size="small"
            disabled={total === 0}
            onClick={() => onAll(true)}
            data-testid="bulk-enable-all"
          >
            {t('stock.bulk.enableAll', { count: total })}
          </Button>
          <Button
            size="small"
            disabled={total === 0}
            onClick={() => onAll(false)}
            data-testid="bulk-disable-all"
          >
            {t('stock.bulk.disableAll', { count: total })}
          </Button>
        </>
      )}
    </Flex>
  );
}
