import { ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { type RenewableRental, type RenewalResult, toMicros } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Descriptions,
  Flex,
  Input,
  Modal,
  Select,
  Space,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { monoStyle, RentalStatusTag, useLocalName } from '../../../components/rental-cells';
import { refreshUser } from '../../../lib/current-user';
import { formatTime } from '../../../lib/date-range';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useSession } from '../../../lib/session-store';
import { useRenewalChoices } from '../api/get-renewal-choices';
import { RENEWALS_KEY } from '../api/keys';
import { useRenewableRentals } from '../api/list-renewable-rentals';
import { useRenewalQuote } from '../api/quote-renewal';
import { renewRentals } from '../api/renew-rentals';

const confirmProps = { 'data-testid': 'renewal-confirm' } as ButtonProps;

/**
 * Renewing: the caller's renewable day rentals (multi-select across pages), a validity, the price
 * of each chosen rental and the total from the server's quote, then one renewal after a confirmation.
 */
export function RenewPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const name = useLocalName();
  const balance = useSession().user?.balance ?? '0';
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState<string>();
  const [selected, setSelected] = useState<number[]>([]);
  const [chosenOption, setChosenOption] = useState<number>();
  // One key per confirmation: a retry of the same confirmation cannot charge twice.
  const [confirmKey, setConfirmKey] = useState<string | null>(null);

  const choices = useRenewalChoices();
  const optionId = chosenOption ?? choices.data?.options[0]?.id;
  const option = choices.data?.options.find((o) => o.id === optionId);
  const rentals = useRenewableRentals({ ...paging, keyword });
  const rentalIds = useMemo(() => [...selected].sort((a, b) => a - b), [selected]);
  const quote = useRenewalQuote(rentalIds, optionId);
  const quoted = quote.isPlaceholderData || quote.isError ? undefined : quote.data;
  const prices = new Map(quoted?.items.map((i) => [i.rentalId, i]));
  const short = quoted !== undefined && toMicros(balance) < toMicros(quoted.total);

  const renew = useMutation({
    mutationFn: (key: string) => renewRentals({ rentalIds, validityOptionId: optionId! }, key),
    onSuccess: (result: RenewalResult) => {
      void message.success(t('renewals.done', { count: result.items.length, total: result.total }));
      setConfirmKey(null);
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: RENEWALS_KEY });
      void refreshUser({ isPolling: true }).catch(() => undefined);
    },
  });

  const columns: TableColumnsType<RenewableRental> = [
    {
      title: t('renewals.columns.phoneNumber'),
      dataIndex: 'phoneNumber',
      width: 170,
      render: (value: string) => <span style={monoStyle}>{value}</span>,
    },
    {
      title: t('renewals.columns.application'),
      key: 'application',
      width: 200,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{name(r.applicationNameZh, r.applicationNameEn)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.countryFlag} {name(r.countryNameZh, r.countryNameEn)}
            {r.operatorName ? ` · ${r.operatorName}` : ''} · {t(`store.cardType.${r.cardType}`)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('renewals.columns.status'),
      dataIndex: 'status',
      width: 100,
      render: (status) => <RentalStatusTag status={status} />,
    },
    {
      title: t('renewals.columns.expiresAt'),
      dataIndex: 'expiresAt',
      width: 170,
      render: (value: string, r) => <span data-testid={`renewal-expires-${r.id}`}>{formatTime(value)}</span>,
    },
    { title: t('renewals.columns.renewalCount'), dataIndex: 'renewalCount', width: 100, align: 'right' },
    {
      title: t('renewals.columns.price'),
      key: 'price',
      width: 120,
      align: 'right',
      render: (_, r) => (
        <span style={monoStyle} data-testid={`renewal-price-${r.id}`}>
          {prices.get(r.id)?.price ?? '-'}
        </span>
      ),
    },
    {
      title: t('renewals.columns.newExpiresAt'),
      key: 'newExpiresAt',
      width: 170,
      render: (_, r) => formatTime(prices.get(r.id)?.newExpiresAt),
    },
  ];

  return (
    <Card
      title={t('renewals.renewTitle')}
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void rentals.refetch()}
          loading={rentals.isFetching}
          aria-label={t('renewals.refresh')}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('renewals.hint')}</Typography.Paragraph>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('renewals.filters.phoneNumber')}
          onSearch={(value) => {
            setKeyword(value || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 240 }}
          data-testid="renewal-rentals-keyword"
        />
      </Flex>
      <DataTable<RenewableRental>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rentals.data?.list}
        loading={rentals.isLoading}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: rentals.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('common.total', { count }),
        }}
        onChange={(pagination) =>
          setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize })
        }
        locale={{ emptyText: t('renewals.emptyRentals') }}
        data-testid="renewal-rentals-table"
      />
      <Flex wrap gap={16} align="center" justify="space-between" style={{ marginTop: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ flex: 1, minWidth: 320 }}>
          <Descriptions.Item label={t('renewals.validity')}>
            <Select
              value={optionId}
              onChange={setChosenOption}
              loading={choices.isLoading}
              placeholder={t('renewals.validityPlaceholder')}
              options={choices.data?.options.map((o) => ({ value: o.id, label: name(o.nameZh, o.nameEn) }))}
              style={{ minWidth: 160 }}
              data-testid="renewal-validity"
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('renewals.selected')}>
            <Space size={4}>
              <span data-testid="renewal-selected-count">{selected.length}</span>
              {selected.length > 0 && (
                <Button size="small" type="link" onClick={() => setSelected([])} data-testid="renewal-clear">
                  {t('renewals.clearSelection')}
                </Button>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('renewals.total')}>
            <Typography.Text strong style={monoStyle} data-testid="renewal-total">
              {quoted ? `${quoted.total} USDT` : '-'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('common.balance')}>
            <span style={monoStyle}>{balance} USDT</span>
          </Descriptions.Item>
        </Descriptions>
        <Button
          type="primary"
          icon={<SyncOutlined />}
          disabled={!quoted || selected.length === 0}
          loading={quote.isFetching && selected.length > 0}
          onClick={() => setConfirmKey(newIdempotencyKey())}
          data-testid="renewal-submit"
        >
          {t('renewals.renew')}
        </Button>
      </Flex>
      {short && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          message={t('renewals.balanceShort', { needed: quoted?.total })}
          data-testid="renewal-balance-short"
        />
      )}
      <Modal
        open={confirmKey !== null && quoted !== undefined}
        title={t('renewals.confirm.title')}
        okText={t('renewals.confirm.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={confirmProps}
        confirmLoading={renew.isPending}
        onOk={() => confirmKey && renew.mutate(confirmKey)}
        onCancel={() => setConfirmKey(null)}
        data-testid="renewal-confirm-modal"
      >
        {t('renewals.confirm.content', {
          count: quoted?.items.length ?? 0,
          validity: option ? name(option.nameZh, option.nameEn) : '',
          total: quoted?.total ?? '',
        })}
      </Modal>
    </Card>
  );
}
