import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { ANY_OPERATOR_CODE, type Operator } from '@jiema/shared';
import { App, Button, Card, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import { deleteOperator } from '../api/delete-operator';
import { exportOperators } from '../api/export-operators';
import { useOperators } from '../api/list-operators';
import { updateOperator } from '../api/update-operator';
import {
  EnabledSwitch,
  monoStyle,
  sortOrderOf,
  useCan,
  useCatalogMutation,
  useEnabledOptions,
  useLocalName,
} from './catalog-common';
import { CountrySelect } from './country-select';
import { OperatorFormModal } from './operator-form-modal';

/** Admin: the carriers of each country (every country has "any"), filtered by country. */
export default function OperatorManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const name = useLocalName();
  const table = useUrlTable();
  const { filters } = table.query;
  const operators = useOperators(table.apiParams);
  const enabledOptions = useEnabledOptions();
  const [editing, setEditing] = useState<Operator | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const canEdit = can('admin:operator:edit');

  const update = useCatalogMutation(updateOperator, t('catalog.saved'));
  const remove = useCatalogMutation(deleteOperator, t('catalog.deleted'));
  const openForm = (operator: Operator | null) => {
    setEditing(operator);
    setFormOpen(true);
  };
  const doExport = async () => {
    setExporting(true);
    try {
      await exportOperators({
        countryCode: filters.countryCode,
        keyword: filters.keyword,
        enabled: filters.enabled,
      });
      void message.success(t('catalog.exported'));
    } catch {
      // the HTTP layer has said why
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<Operator> = [
    {
      title: t('catalog.country.label'),
      dataIndex: 'countryCode',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'countryCode'),
      render: (code: string, row) =>
        `${row.countryFlag} ${name(row.countryNameZh, row.countryNameEn)} (${code})`,
    },
    {
      title: t('catalog.operator.code'),
      dataIndex: 'code',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'code'),
      render: (code: string) =>
        code === ANY_OPERATOR_CODE ? (
          <Tag color="blue">{t('catalog.operator.any')}</Tag>
        ) : (
          <span style={monoStyle}>{code}</span>
        ),
    },
    {
      title: t('catalog.operator.name'),
      dataIndex: 'name',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'name'),
    },
    {
      title: t('catalog.fivesimSlug'),
      dataIndex: 'fivesimSlug',
      render: (v: string | null) => (v ? <span style={monoStyle}>{v}</span> : '-'),
    },
    {
      title: t('catalog.sortOrder'),
      dataIndex: 'sortOrder',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'sortOrder'),
      width: 100,
    },
    {
      title: t('catalog.status'),
      dataIndex: 'enabled',
      width: 100,
      render: (enabled: boolean, row) => (
        <EnabledSwitch
          enabled={enabled}
          canEdit={canEdit}
          onChange={(next) => update.mutateAsync({ id: row.id, enabled: next })}
        />
      ),
    },
    {
      title: t('catalog.actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <RowActions
          onEdit={canEdit ? () => openForm(row) : undefined}
          editLabel={t('catalog.edit')}
          onDelete={
            can('admin:operator:del') && row.code !== ANY_OPERATOR_CODE
              ? () => remove.mutateAsync(row.id)
              : undefined
          }
          deleteLabel={t('catalog.delete')}
          confirmTitle={t('catalog.operator.deleteTitle', { name: row.name })}
          confirmDescription={t('catalog.operator.deleteWarning')}
        />
      ),
    },
  ];

  return (
    <Card title={t('catalog.operator.title')} data-testid="operator-manage">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <CountrySelect
            value={filters.countryCode}
            onChange={(countryCode) => table.setFilters({ ...filters, countryCode })}
            style={{ width: 260 }}
            data-testid="operator-country-filter"
          />
          <Input.Search
            allowClear
            placeholder={t('catalog.operator.searchPlaceholder')}
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
            style={{ width: 240 }}
          />
          <Select
            allowClear
            placeholder={t('catalog.status')}
            value={filters.enabled}
            options={enabledOptions}
            onChange={(enabled) => table.setFilters({ ...filters, enabled })}
            style={{ width: 120 }}
          />
        </Space>
        <Space wrap>
          {can('admin:operator:export') && (
            <Button icon={<DownloadOutlined />} onClick={doExport} loading={exporting}>
              {t('catalog.export')}
            </Button>
          )}
          {can('admin:operator:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openForm(null)}
              data-testid="operator-add"
            >
              {t('catalog.operator.add')}
            </Button>
          )}
        </Space>
      </Space>
      <DataTable<Operator>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={operators.data?.list}
        loading={operators.isFetching}
        pagination={table.pagination(operators.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        data-testid="operator-table"
      />
      <OperatorFormModal
        open={formOpen}
        operator={editing}
        defaultCountry={filters.countryCode}
        onClose={() => setFormOpen(false)}
      />
    </Card>
  );
}
