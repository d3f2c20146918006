import type { AuditLog } from '@jiema/shared';
import { Button, Card, DatePicker, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useUrlTable } from '../../../lib/use-url-table';
import { useAuditFacets } from '../api/get-audit-facets';
import { useAuditLogs } from '../api/list-audit-logs';
import { AuditDiffModal } from './audit-diff';

/** The administrators' audit log: who changed what and when, filtered, with a before/after view. */
export function AuditLogPanel() {
  const { t } = useTranslation();
  const table = useUrlTable();
  const { filters } = table.query;
  const facets = useAuditFacets();
  const logs = useAuditLogs({
    ...table.apiParams,
    tab: undefined,
    actor: filters.actor,
    entity: filters.entity,
    entityId: filters.entityId,
    action: filters.action,
    ...dateRangeParams(filters),
  });
  const [shown, setShown] = useState<AuditLog | null>(null);
  const sortOrder = (field: string) => (table.query.sortField === field ? table.query.sortOrder : null);
  const actionLabel = (action: string) => t(`audit.actions.${action}`, { defaultValue: action });
  const entityLabel = (entity: string) => t(`audit.entities.${entity}`, { defaultValue: entity });

  const columns: TableColumnsType<AuditLog> = [
    {
      title: t('audit.columns.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: formatTime,
      width: 170,
    },
    {
      title: t('audit.columns.actor'),
      dataIndex: 'actorName',
      sorter: true,
      sortOrder: sortOrder('actorName'),
      render: (name, row) => (
        <Space size={4}>
          {name}
          {row.actorId && <Typography.Text type="secondary">#{row.actorId}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('audit.columns.action'),
      dataIndex: 'action',
      render: (action) => <Tag color="geekblue">{actionLabel(action)}</Tag>,
    },
    { title: t('audit.columns.entity'), dataIndex: 'entity', render: entityLabel },
    { title: t('audit.columns.entityId'), dataIndex: 'entityId', ellipsis: true },
    { title: t('audit.columns.ip'), dataIndex: 'ip', width: 130 },
    {
      title: t('audit.columns.changes'),
      key: 'changes',
      width: 110,
      render: (_, row) => (
        <Button size="small" type="link" onClick={() => setShown(row)} data-testid={`audit-view-${row.id}`}>
          {t('audit.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('audit.title')} data-testid="audit-log">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={`actor-${filters.actor ?? ''}`}
          allowClear
          style={{ width: 200 }}
          placeholder={t('audit.filters.actor')}
          defaultValue={filters.actor}
          onSearch={(actor) => table.setFilters({ ...filters, actor: actor.trim() })}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('audit.filters.entity')}
          value={filters.entity}
          onChange={(entity) => table.setFilters({ ...filters, entity })}
          options={(facets.data?.entities ?? []).map((e) => ({ value: e, label: entityLabel(e) }))}
          data-testid="audit-entity-filter"
        />
        <Input.Search
          key={`entity-id-${filters.entityId ?? ''}`}
          allowClear
          style={{ width: 160 }}
          placeholder={t('audit.filters.entityId')}
          defaultValue={filters.entityId}
          onSearch={(entityId) => table.setFilters({ ...filters, entityId: entityId.trim() })}
        />
        <Select
          allowClear
          style={{ width: 170 }}
          placeholder={t('audit.filters.action')}
          value={filters.action}
          onChange={(action) => table.setFilters({ ...filters, action })}
          options={(facets.data?.actions ?? []).map((a) => ({ value: a, label: actionLabel(a) }))}
          data-testid="audit-action-filter"
        />
        <DatePicker.RangePicker
          value={rangeValue(filters)}
          onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
        />
      </Space>
      <DataTable<AuditLog>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={logs.data?.list}
        loading={logs.isFetching}
        pagination={table.pagination(logs.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        data-testid="audit-table"
      />
      <AuditDiffModal log={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
