import {
  hasPermission,
  PHONE_USAGE_OUTCOMES,
  type PhoneUsageRecord,
  RENTAL_STATUSES,
  VALIDITY_KINDS,
} from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Input, Select, Space, type TableColumnsType, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListActions } from '../../../components/list-actions';
import { KindTag, monoStyle, RentalStatusTag, useLocalName } from '../../../components/rental-cells';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useSession } from '../../../lib/session-store';
import { useUrlTable } from '../../../lib/use-url-table';
import { exportPhoneUsage } from '../api/export-phone-usage';
import { useLogApplications } from '../api/list-log-applications';
import { usePhoneUsage } from '../api/list-phone-usage';
import { AppCell, ApplicationSelect, OutcomeTag } from './sms-cells';

const secondary = { fontSize: 12 } as const;

/**
 * Admin log phone-usage-records: one row per rental (who used which number for which application,
 * when, and how it ended), so a dispute about a number can be answered from one screen.
 */
export default function PhoneUsageRecordsPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const { userType, permissions } = useSession();
  const canExport = hasPermission(
    { userType: userType ?? 3, permissions: permissions ?? [] },
    'admin:logs:export',
  );
  const table = useUrlTable();
  const { filters } = table.query;
  const filterParams = {
    phoneNumber: filters.phoneNumber,
    username: filters.username,
    applicationId: filters.applicationId,
    status: filters.status,
    outcome: filters.outcome,
    kind: filters.kind,
    ...dateRangeParams(filters),
  };
  const usage = usePhoneUsage({
    page: table.query.page,
    pageSize: table.query.pageSize,
    sortField: table.query.sortField,
    sortOrder: table.query.sortOrder,
    ...filterParams,
  });
  const apps = useLogApplications();
  const exporting = useMutation({ mutationFn: () => exportPhoneUsage(filterParams) });
  const sortOrder = (field: string) =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;
  const select = (key: string, values: readonly string[], label: (v: string) => string, width: number) => (
    <Select
      allowClear
      value={filters[key]}
      placeholder={t(`sms-history.filters.${key}`)}
      onChange={(value?: string) => table.setFilters({ ...filters, [key]: value })}
      options={values.map((v) => ({ value: v, label: label(v) }))}
      style={{ width }}
      data-testid={`phone-usage-${key}-filter`}
    />
  );

  const columns: TableColumnsType<PhoneUsageRecord> = [
    {
      title: t('sms-history.columns.phoneNumber'),
      dataIndex: 'phoneNumber',
      fixed: 'left',
      width: 190,
      sorter: true,
      sortOrder: sortOrder('phoneNumber'),
      render: (value: string, u) => (
        <Space vertical size={0}>
          <span style={monoStyle}>{value}</span>
          <Typography.Text type="secondary" style={secondary}>
            {u.countryFlag} {name(u.countryNameZh, u.countryNameEn)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('sms-history.columns.application'),
      key: 'application',
      width: 170,
      render: (_, u) => <AppCell app={u.application} />,
    },
    { title: t('sms-history.columns.username'), dataIndex: 'username', width: 130 },
    {
      title: t('sms-history.columns.status'),
      dataIndex: 'status',
      width: 100,
      render: (status) => <RentalStatusTag status={status} />,
    },
    {
      title: t('sms-history.columns.outcome'),
      dataIndex: 'outcome',
      width: 150,
      render: (_, u) => (
        <Space vertical size={0}>
          <OutcomeTag outcome={u.outcome} />
          {u.refundedAmount !== null && (
            <Typography.Text type="success" style={{ ...monoStyle, ...secondary }}>
              {t('sms-history.usage.refunded', { amount: u.refundedAmount })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('sms-history.columns.kindCard'),
      key: 'kind',
      width: 150,
      render: (_, u) => (
        <Space size={4}>
          <KindTag kind={u.kind} />
          {t(`store.cardType.${u.cardType}`)}
        </Space>
      ),
    },
    {
      title: t('sms-history.columns.orderNo'),
      dataIndex: 'orderNo',
      width: 190,
      render: (value: string) => <span style={monoStyle}>{value}</span>,
    },
    {
      title: t('sms-history.columns.startsAt'),
      dataIndex: 'startsAt',
      width: 170,
      sorter: true,
      sortOrder: sortOrder('startsAt'),
      render: formatTime,
    },
    {
      title: t('sms-history.columns.endedOrExpires'),
      dataIndex: 'expiresAt',
      width: 190,
      sorter: true,
      sortOrder: sortOrder('expiresAt'),
      render: (_, u) => (
        <Space vertical size={0}>
          <span>{formatTime(u.endedAt ?? u.expiresAt)}</span>
          <Typography.Text type="secondary" style={secondary}>
            {u.endedAt ? t('sms-history.usage.ended') : t('sms-history.usage.expires')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('sms-history.columns.smsCount'),
      dataIndex: 'smsCount',
      width: 130,
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('smsCount'),
      render: (count: number, u) => (
        <Space vertical size={0} style={{ alignItems: 'flex-end' }}>
          <span>{count}</span>
          {u.lastCode && (
            <Typography.Text type="secondary" style={{ ...monoStyle, ...secondary }}>
              {u.lastCode}
            </Typography.Text>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('sms-history.usage.title')}
      extra={
        <ListActions
          list={usage}
          exporting={canExport ? exporting : undefined}
          exportLabel={t('sms-history.export')}
          exportTestId="phone-usage-export"
        />
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={filters.phoneNumber}
          placeholder={t('sms-history.filters.phoneNumber')}
          onSearch={(phoneNumber) => table.setFilters({ ...filters, phoneNumber })}
          style={{ width: 200 }}
          data-testid="phone-usage-phone-filter"
        />
        <Input.Search
          allowClear
          defaultValue={filters.username}
          placeholder={t('sms-history.filters.username')}
          onSearch={(username) => table.setFilters({ ...filters, username })}
          style={{ width: 170 }}
          data-testid="phone-usage-username-filter"
        />
        <ApplicationSelect
          apps={apps.data}
          value={filters.applicationId}
          onChange={(applicationId) => table.setFilters({ ...filters, applicationId })}
          testId="phone-usage-app-filter"
        />
        {select('status', RENTAL_STATUSES, (s) => t(`rentals.status.${s}`), 130)}
        {select('outcome', PHONE_USAGE_OUTCOMES, (o) => t(`sms-history.outcome.${o}`), 140)}
        {select('kind', VALIDITY_KINDS, (k) => t(`rentals.kind.${k}`), 150)}
        <span data-testid="phone-usage-date-filter">
          <DatePicker.RangePicker
            value={rangeValue(filters)}
            onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
          />
        </span>
      </Flex>
      <DataTable<PhoneUsageRecord>
        cards
        rowKey="rentalId"
        size="middle"
        columns={columns}
        dataSource={usage.data?.list}
        loading={usage.isLoading}
        pagination={table.pagination(usage.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('sms-history.usage.empty') }}
        data-testid="phone-usage-table"
      />
    </Card>
  );
}
