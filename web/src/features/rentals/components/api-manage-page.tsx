import { LoadingOutlined, ReloadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { RENTAL_STATUSES, type Rental, VALIDITY_KINDS } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Select,
  Space,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CodePageLink } from '../../../components/code-page-link';
import { DataTable } from '../../../components/data-table';
import { DemoTag } from '../../../components/demo-tag';
import {
  CopyButton,
  codeLink,
  KindTag,
  monoStyle,
  RentalStatusTag,
  remaining,
  useLocalName,
  useNow,
  validityLabel,
} from '../../../components/rental-cells';
import { RENTALS_KEY, useRentals } from '../../../lib/api/list-rentals';
import { refreshUser } from '../../../lib/current-user';
import { formatTime } from '../../../lib/date-range';
import { useLiveSms } from '../../../lib/use-live-sms';
import { useUrlTable } from '../../../lib/use-url-table';
import { cancelRental } from '../api/cancel-rental';
import { finishRental } from '../api/finish-rental';
import { pauseRental } from '../api/pause-rental';
import { requestAnotherSms } from '../api/request-another-sms';
import { resumeRental } from '../api/resume-rental';

type Action = 'pause' | 'resume' | 'cancel' | 'anotherSms' | 'finish';
const ACTIONS: Record<Action, (id: number) => Promise<Rental>> = {
  pause: pauseRental,
  resume: resumeRental,
  cancel: cancelRental,
  anotherSms: requestAnotherSms,
  finish: finishRental,
};

const open = (r: Rental) => r.status === 'active' || r.status === 'inactive';

/** Spec §2 api-manage: the caller's rentals (APIs) with their codes, links and actions. */
export default function ApiManagePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = useLocalName();
  const now = useNow();
  const table = useUrlTable();
  const { filters } = table.query;
  const rentals = useRentals(table.apiParams);
  // A new code shows within a second, whichever server process stored it.
  useLiveSms([RENTALS_KEY]);

  const act = useMutation({
    mutationFn: ({ action, rental }: { action: Action; rental: Rental }) => ACTIONS[action](rental.id),
    onSuccess: (rental, { action }) => {
      void message.success(t(`rentals.done.${action}`, { amount: rental.refundedAmount ?? '0' }));
      void queryClient.invalidateQueries({ queryKey: RENTALS_KEY });
      if (action === 'cancel') void refreshUser({ isPolling: true }).catch(() => undefined);
    },
  });
  const run = (action: Action, rental: Rental) => act.mutate({ action, rental });
  const confirm = (action: 'cancel' | 'finish', rental: Rental) =>
    modal.confirm({
      title: t(`rentals.confirm.${action}Title`),
      content: t(`rentals.confirm.${action}Content`, { number: rental.phoneNumber, amount: rental.price }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => act.mutateAsync({ action, rental }),
    });
  const busy = (rental: Rental, action: Action) =>
    act.isPending && act.variables?.rental.id === rental.id && act.variables.action === action;

  function actions(rental: Rental) {
    if (rental.status === 'suspended')
      return <Typography.Text type="secondary">{t('rentals.suspendedHint')}</Typography.Text>;
    if (!open(rental)) return <Typography.Text type="secondary">-</Typography.Text>;
    const buttons = [];
    if (rental.kind === 'activation' && rental.messageCount === 0) {
      const wait = rental.cancellableAt ? remaining(rental.cancellableAt, now, t) : null;
      buttons.push(
        <Tooltip key="cancel" title={wait ? t('rentals.cancelIn', { time: wait }) : undefined}>
          <Button
            size="small"
            danger
            disabled={wait !== null}
            loading={busy(rental, 'cancel')}
            onClick={() => confirm('cancel', rental)}
            data-testid={`rental-cancel-${rental.id}`}
          >
            {wait ? `${t('rentals.actions.cancel')} (${wait})` : t('rentals.actions.cancel')}
          </Button>
        </Tooltip>,
      );
    }
    if (rental.kind === 'activation' && rental.messageCount > 0 && rental.status === 'active') {
      buttons.push(
        <Button
          key="another"
          size="small"
          loading={busy(rental, 'anotherSms')}
          disabled={rental.waitingForAnother}
          onClick={() => run('anotherSms', rental)}
          data-testid={`rental-another-${rental.id}`}
        >
          {t('rentals.actions.anotherSms')}
        </Button>,
      );
    }
    if (rental.kind === 'rental' || rental.messageCount > 0) {
      buttons.push(
        <Button
          key="finish"
          size="small"
          loading={busy(rental, 'finish')}
          onClick={() => confirm('finish', rental)}
        >
          {t('rentals.actions.finish')}
        </Button>,
      );
    }
    if (rental.status === 'active') {
      buttons.push(
        <Button
          key="pause"
          size="small"
          loading={busy(rental, 'pause')}
          onClick={() => run('pause', rental)}
          data-testid={`rental-pause-${rental.id}`}
        >
          {t('rentals.actions.pause')}
        </Button>,
      );
    } else {
      buttons.push(
        <Button
          key="resume"
          size="small"
          type="primary"
          loading={busy(rental, 'resume')}
          onClick={() => run('resume', rental)}
          data-testid={`rental-resume-${rental.id}`}
        >
          {t('rentals.actions.resume')}
        </Button>,
      );
    }
    return (
      <Space size={4} wrap>
        {buttons}
      </Space>
    );
  }

  const columns: TableColumnsType<Rental> = [
    {
      title: t('rentals.columns.phoneNumber'),
      dataIndex: 'phoneNumber',
      sorter: true,
      fixed: 'left',
      width: 180,
      render: (value: string, rental) => (
        <Space size={2}>
          <Typography.Text strong style={monoStyle}>
            {value}
          </Typography.Text>
          <CopyButton text={value} />
          {rental.demo && <DemoTag />}
        </Space>
      ),
    },
    {
      title: t('rentals.columns.application'),
      key: 'application',
      width: 140,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{name(r.applicationNameZh, r.applicationNameEn)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.countryFlag} {name(r.countryNameZh, r.countryNameEn)}
            {r.operatorName ? ` · ${r.operatorName}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('rentals.columns.status'),
      dataIndex: 'status',
      sorter: true,
      width: 150,
      render: (status, r) => (
        <Space direction="vertical" size={2}>
          <Space size={0}>
            <RentalStatusTag status={status} />
            <KindTag kind={r.kind} />
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {validityLabel(r.validityMinutes, t)} · {t(`store.cardType.${r.cardType}`)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('rentals.columns.expiresAt'),
      dataIndex: 'expiresAt',
      sorter: true,
      width: 120,
      render: (_, r) => {
        const left = r.endedAt ? null : remaining(r.expiresAt, now, t);
        return (
          <Tooltip title={formatTime(r.expiresAt)}>
            {left ? (
              <Typography.Text style={monoStyle} data-testid={`rental-countdown-${r.id}`}>
                {left}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{formatTime(r.endedAt ?? r.expiresAt)}</Typography.Text>
            )}
          </Tooltip>
        );
      },
    },
    {
      title: t('rentals.columns.latestCode'),
      key: 'code',
      width: 180,
      render: (_, r) => {
        if (r.latestCode || r.latestText) {
          return (
            <Space direction="vertical" size={0}>
              <Space size={2}>
                <Tooltip title={r.latestText}>
                  <Typography.Text
                    strong
                    style={{ ...monoStyle, fontSize: 16 }}
                    data-testid={`rental-code-${r.id}`}
                  >
                    {r.latestCode ?? t('rentals.textOnly')}
                  </Typography.Text>
                </Tooltip>
                {r.latestCode && <CopyButton text={r.latestCode} testId={`rental-code-copy-${r.id}`} />}
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.waitingForAnother ? t('rentals.waitingAnother') : formatTime(r.latestCodeAt)}
              </Typography.Text>
            </Space>
          );
        }
        return r.status === 'active' ? (
          <Typography.Text type="secondary">
            <LoadingOutlined /> {t('rentals.waitingCode')}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('rentals.noCode')}</Typography.Text>
        );
      },
    },
    {
      title: t('rentals.columns.codeLink'),
      key: 'link',
      width: 100,
      align: 'center',
      render: (_, r) => (
        <Space size={0}>
          <CopyButton text={codeLink(r.token)} link testId={`rental-link-${r.id}`} />
          <CodePageLink token={r.token} testId={`rental-page-${r.id}`} />
        </Space>
      ),
    },
    {
      title: t('rentals.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_, r) => actions(r),
    },
  ];

  return (
    <Card
      title={t('rentals.title')}
      extra={
        <Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void rentals.refetch()}
            loading={rentals.isFetching}
          >
            {t('rentals.refresh')}
          </Button>
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            onClick={() => navigate('/dashboard/api-store')}
          >
            {t('rentals.buy')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('rentals.hint')}</Typography.Paragraph>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={filters.keyword}
          placeholder={t('rentals.filters.keyword')}
          onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
          style={{ width: 220 }}
          data-testid="rental-keyword"
        />
        <Select
          allowClear
          value={filters.status}
          placeholder={t('rentals.filters.status')}
          onChange={(status) => table.setFilters({ ...filters, status })}
          options={RENTAL_STATUSES.map((s) => ({ value: s, label: t(`rentals.status.${s}`) }))}
          style={{ width: 140 }}
          data-testid="rental-status-filter"
        />
        <Select
          allowClear
          value={filters.kind}
          placeholder={t('rentals.filters.kind')}
          onChange={(kind) => table.setFilters({ ...filters, kind })}
          options={VALIDITY_KINDS.map((k) => ({ value: k, label: t(`rentals.kind.${k}`) }))}
          style={{ width: 160 }}
        />
      </Flex>
      <DataTable<Rental>
        cards
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rentals.data?.list}
        loading={rentals.isLoading}
        pagination={table.pagination(rentals.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: <Empty description={t('rentals.empty')} /> }}
        data-testid="rentals-table"
      />
    </Card>
  );
}
