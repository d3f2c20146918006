import { hasPermission, SMS_MATCH_STATES, type SmsRecord } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { DemoTag } from '../../../components/demo-tag';
import { ListActions } from '../../../components/list-actions';
import { monoStyle } from '../../../components/rental-cells';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useSession } from '../../../lib/session-store';
import { useUrlTable } from '../../../lib/use-url-table';
import { exportSmsRecords } from '../api/export-sms-records';
import { useLogApplications } from '../api/list-log-applications';
import { useSmsRecords } from '../api/list-sms-records';
import { AppCell, ApplicationSelect, CodeCell, SmsText } from './sms-cells';

/**
 * Admin log sms-records: every stored SMS, including those that matched no rental (PRODUCT.md keeps
 * them for the administrators), with the rental's user and application when there is one.
 */
export default function SmsRecordsPage() {
  const { t } = useTranslation();
  const { userType, permissions } = useSession();
  const canExport = hasPermission(
    { userType: userType ?? 3, permissions: permissions ?? [] },
    'admin:logs:export',
  );
  const table = useUrlTable();
  const { filters } = table.query;
  const filterParams = {
    phoneNumber: filters.phoneNumber,
    sender: filters.sender,
    match: filters.match,
    applicationId: filters.applicationId,
    ...dateRangeParams(filters),
  };
  const records = useSmsRecords({
    page: table.query.page,
    pageSize: table.query.pageSize,
    sortField: table.query.sortField,
    sortOrder: table.query.sortOrder,
    ...filterParams,
  });
  const apps = useLogApplications();
  const exporting = useMutation({ mutationFn: () => exportSmsRecords(filterParams) });
  const sortOrder = (field: string) =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;

  const columns: TableColumnsType<SmsRecord> = [
    {
      title: t('sms-history.columns.receivedAt'),
      dataIndex: 'receivedAt',
      width: 170,
      sorter: true,
      sortOrder: sortOrder('receivedAt'),
      render: formatTime,
    },
    {
      title: t('sms-history.columns.phoneNumber'),
      dataIndex: 'phoneNumber',
      width: 160,
      render: (value: string, sms) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <span style={monoStyle}>{value}</span> {sms.demo && <DemoTag />}
        </span>
      ),
    },
    { title: t('sms-history.columns.sender'), dataIndex: 'sender', width: 130 },
    {
      title: t('sms-history.columns.text'),
      dataIndex: 'text',
      render: (value: string) => <SmsText text={value} />,
    },
    {
      title: t('sms-history.columns.code'),
      dataIndex: 'code',
      width: 140,
      render: (code: string | null, r) => <CodeCell code={code} testId={`sms-record-copy-${r.id}`} />,
    },
    {
      title: t('sms-history.columns.source'),
      dataIndex: 'source',
      width: 110,
      render: (value: string) => value || '-',
    },
    {
      title: t('sms-history.columns.rental'),
      key: 'rental',
      width: 200,
      fixed: 'right',
      render: (_, r) =>
        r.matched ? (
          <Space vertical size={0}>
            <span>{r.username}</span>
            <AppCell app={r.application} />
          </Space>
        ) : (
          <Space vertical size={2}>
            <Tag color="orange" data-testid={`sms-record-unmatched-${r.id}`}>
              {t('sms-history.match.unmatched')}
            </Tag>
            {r.application && <AppCell app={r.application} />}
          </Space>
        ),
    },
  ];

  return (
    <Card
      title={t('sms-history.records.title')}
      extra={
        <ListActions
          list={records}
          exporting={canExport ? exporting : undefined}
          exportLabel={t('sms-history.export')}
          exportTestId="sms-records-export"
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
          data-testid="sms-records-phone-filter"
        />
        <Input.Search
          allowClear
          defaultValue={filters.sender}
          placeholder={t('sms-history.filters.sender')}
          onSearch={(sender) => table.setFilters({ ...filters, sender })}
          style={{ width: 180 }}
          data-testid="sms-records-sender-filter"
        />
        <Select
          allowClear
          value={filters.match}
          placeholder={t('sms-history.filters.match')}
          onChange={(match?: string) => table.setFilters({ ...filters, match })}
          options={SMS_MATCH_STATES.map((m) => ({ value: m, label: t(`sms-history.match.${m}`) }))}
          style={{ width: 140 }}
          data-testid="sms-records-match-filter"
        />
        <ApplicationSelect
          apps={apps.data}
          value={filters.applicationId}
          onChange={(applicationId) => table.setFilters({ ...filters, applicationId })}
          testId="sms-records-app-filter"
        />
        <span data-testid="sms-records-date-filter">
          <DatePicker.RangePicker
            value={rangeValue(filters)}
            onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
          />
        </span>
      </Flex>
      <DataTable<SmsRecord>
        cards
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.data?.list}
        loading={records.isLoading}
        pagination={table.pagination(records.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('sms-history.records.empty') }}
        data-testid="sms-records-table"
      />
    </Card>
  );
}
