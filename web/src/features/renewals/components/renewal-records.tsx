import { hasPermission, type RenewalRecord } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Input, Select, Space, type TableColumnsType, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListActions } from '../../../components/list-actions';
import { monoStyle, useLocalName, validityLabel } from '../../../components/rental-cells';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useSession } from '../../../lib/session-store';
import { useUrlTable } from '../../../lib/use-url-table';
import { exportRenewals } from '../api/export-renewals';
import { useRenewalChoices } from '../api/get-renewal-choices';
import type { RenewalScope } from '../api/keys';
import { useRenewals } from '../api/list-renewals';

/**
 * Renewal records, the caller's (renewal center) or everyone's (administrators' log, with the
 * username filter and the CSV export); paging, sorting and filters live in the URL.
 */
export function RenewalRecords({ scope, title }: { scope: RenewalScope; title: string }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const { userType, permissions } = useSession();
  const can = (permission: string) =>
    hasPermission({ userType: userType ?? 3, permissions: permissions ?? [] }, permission);
  const admin = scope === 'admin';
  const canExport = admin && can('admin:logs:export');
  // The application filter's choices come from the renewal center; an administrator without it filters by the rest.
  const choices = useRenewalChoices(can('api:renew'));
  const table = useUrlTable();
  const { filters } = table.query;
  const filterParams = {
    keyword: filters.keyword,
    applicationId: filters.applicationId,
    username: admin ? filters.username : undefined,
    ...dateRangeParams(filters),
  };
  const records = useRenewals(scope, {
    page: table.query.page,
    pageSize: table.query.pageSize,
    sortField: table.query.sortField,
    sortOrder: table.query.sortOrder,
    ...filterParams,
  });
  const exporting = useMutation({ mutationFn: () => exportRenewals(filterParams) });
  const sortOrder = (field: string) => (table.query.sortField === field ? table.query.sortOrder : null);

  const columns: TableColumnsType<RenewalRecord> = [
    {
      title: t('renewals.columns.batchNo'),
      dataIndex: 'batchNo',
      width: 170,
      render: (value: string) => <span style={monoStyle}>{value}</span>,
    },
    ...(admin ? [{ title: t('renewals.columns.username'), dataIndex: 'username', width: 120 }] : []),
    {
      title: t('renewals.columns.phoneNumber'),
      dataIndex: 'phoneNumber',
      width: 160,
      render: (value: string) => <span style={monoStyle}>{value}</span>,
    },
    {
      title: t('renewals.columns.application'),
      key: 'application',
      width: 180,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{name(r.applicationNameZh, r.applicationNameEn)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.countryFlag} {name(r.countryNameZh, r.countryNameEn)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('renewals.columns.validity'),
      key: 'validity',
      width: 110,
      render: (_, r) => validityLabel(r.validityMinutes, t),
    },
    {
      title: t('renewals.columns.price'),
      dataIndex: 'price',
      width: 120,
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('price'),
      render: (value: string) => <span style={monoStyle}>{value}</span>,
    },
    {
      title: t('renewals.columns.expiresBefore'),
      dataIndex: 'expiresBefore',
      width: 170,
      render: formatTime,
    },
    {
      title: t('renewals.columns.expiresAfter'),
      dataIndex: 'expiresAfter',
      width: 170,
      sorter: true,
      sortOrder: sortOrder('expiresAfter'),
      render: formatTime,
    },
    {
      title: t('renewals.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: formatTime,
    },
  ];

  return (
    <Card
      title={title}
      extra={
        <ListActions
          list={records}
          exporting={canExport ? exporting : undefined}
          exportLabel={t('renewals.export')}
          exportTestId="renewal-records-export"
        />
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={filters.keyword}
          placeholder={t('renewals.filters.keyword')}
          onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
          style={{ width: 240 }}
          data-testid="renewal-records-keyword"
        />
        {admin && (
          <Input.Search
            allowClear
            defaultValue={filters.username}
            placeholder={t('renewals.filters.username')}
            onSearch={(username) => table.setFilters({ ...filters, username })}
            style={{ width: 180 }}
            data-testid="renewal-records-username"
          />
        )}
        {choices.data && (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            value={filters.applicationId ? Number(filters.applicationId) : undefined}
            placeholder={t('renewals.filters.application')}
            onChange={(applicationId) => table.setFilters({ ...filters, applicationId })}
            options={choices.data.applications.map((a) => ({ value: a.id, label: name(a.nameZh, a.nameEn) }))}
            style={{ width: 180 }}
            data-testid="renewal-records-application"
          />
        )}
        <DatePicker.RangePicker
          value={rangeValue(filters)}
          onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
        />
      </Flex>
      <DataTable<RenewalRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.data?.list}
        loading={records.isLoading}
        pagination={table.pagination(records.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('renewals.emptyRecords') }}
        data-testid="renewal-records-table"
      />
    </Card>
  );
}
