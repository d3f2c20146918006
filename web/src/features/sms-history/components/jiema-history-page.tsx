import type { SmsHistoryItem } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Input, Select, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { DemoTag } from '../../../components/demo-tag';
import { ListActions } from '../../../components/list-actions';
import { monoStyle } from '../../../components/rental-cells';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useLiveSms } from '../../../lib/use-live-sms';
import { useUrlTable } from '../../../lib/use-url-table';
import { exportSmsHistory } from '../api/export-sms-history';
import { SMS_HISTORY_KEY } from '../api/keys';
import { useHistoryApplications } from '../api/list-history-applications';
import { useSmsHistory } from '../api/list-sms-history';
import { AppCell, ApplicationSelect, CodeCell, SmsText } from './sms-cells';

/**
 * Spec §2 jiema-history: every SMS that reached the caller's rentals, newest first, refreshed while
 * open; filters live in the URL and the export takes the same filters.
 */
export default function JiemaHistoryPage() {
  const { t } = useTranslation();
  const table = useUrlTable();
  const { filters } = table.query;
  const filterParams = {
    phoneNumber: filters.phoneNumber,
    applicationId: filters.applicationId,
    hasCode: filters.hasCode,
    ...dateRangeParams(filters),
  };
  const history = useSmsHistory({
    page: table.query.page,
    pageSize: table.query.pageSize,
    sortField: table.query.sortField,
    sortOrder: table.query.sortOrder,
    ...filterParams,
  });
  const apps = useHistoryApplications();
  useLiveSms([SMS_HISTORY_KEY]);
  const exporting = useMutation({ mutationFn: () => exportSmsHistory(filterParams) });
  const sortOrder = (field: string) =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;

  const columns: TableColumnsType<SmsHistoryItem> = [
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
    {
      title: t('sms-history.columns.application'),
      key: 'application',
      width: 180,
      render: (_, m) => <AppCell app={m.application} />,
    },
    { title: t('sms-history.columns.sender'), dataIndex: 'sender', width: 140 },
    {
      title: t('sms-history.columns.text'),
      dataIndex: 'text',
      render: (value: string) => <SmsText text={value} />,
    },
    {
      title: t('sms-history.columns.code'),
      dataIndex: 'code',
      width: 150,
      fixed: 'right',
      render: (code: string | null, m) => <CodeCell code={code} testId={`jiema-history-copy-${m.id}`} />,
    },
  ];

  return (
    <Card
      title={t('sms-history.history.title')}
      extra={
        <ListActions
          list={history}
          exporting={exporting}
          exportLabel={t('sms-history.export')}
          exportTestId="jiema-history-export"
          refreshTestId="jiema-history-refresh"
        />
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={filters.phoneNumber}
          placeholder={t('sms-history.filters.phoneNumber')}
          onSearch={(phoneNumber) => table.setFilters({ ...filters, phoneNumber })}
          style={{ width: 220 }}
          data-testid="jiema-history-phone-filter"
        />
        <ApplicationSelect
          apps={apps.data}
          value={filters.applicationId}
          onChange={(applicationId) => table.setFilters({ ...filters, applicationId })}
          testId="jiema-history-app-filter"
        />
        <Select
          allowClear
          value={filters.hasCode}
          placeholder={t('sms-history.filters.hasCode')}
          onChange={(hasCode?: string) => table.setFilters({ ...filters, hasCode })}
          options={[
            { value: 'true', label: t('sms-history.filters.withCode') },
            { value: 'false', label: t('sms-history.filters.withoutCode') },
          ]}
          style={{ width: 150 }}
          data-testid="jiema-history-has-code-filter"
        />
        <span data-testid="jiema-history-date-filter">
          <DatePicker.RangePicker
            value={rangeValue(filters)}
            onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
          />
        </span>
      </Flex>
      <DataTable<SmsHistoryItem>
        cards
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={history.data?.list}
        loading={history.isLoading}
        pagination={table.pagination(history.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('sms-history.history.empty') }}
        data-testid="jiema-history-table"
      />
    </Card>
  );
}
