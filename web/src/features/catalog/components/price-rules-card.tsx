import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CARD_TYPES, type PriceRule } from '@jiema/shared';
import { App, Button, Card, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import { deletePriceRule } from '../api/delete-price-rule';
import { exportPriceRules } from '../api/export-price-rules';
import { useCatalogOptions } from '../api/get-catalog-options';
import { usePriceRules } from '../api/list-price-rules';
import { updatePriceRule } from '../api/update-price-rule';
import { BulkEditModal } from './bulk-edit-modal';
import {
  EnabledSwitch,
  sortOrderOf,
  useCan,
  useCatalogMutation,
  useEnabledOptions,
  useLocalName,
} from './catalog-common';
import { PriceRuleFormModal } from './price-rule-form-modal';
import { ScopeSelect, useScopeChoices } from './scope-selects';

const SCOPE_FILTERS = [
  'applicationId',
  'countryCode',
  'operatorId',
  'cardType',
  'validityOptionId',
  'enabled',
] as const;

/** Price rules with their filters in the URL, the add/edit form and the bulk edit. */
export function PriceRulesCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const name = useLocalName();
  const table = useUrlTable();
  const { filters } = table.query;
  const options = useCatalogOptions();
  const rules = usePriceRules(table.apiParams);
  const choices = useScopeChoices(options.data, filters.countryCode, true);
  const enabledOptions = useEnabledOptions();
  const [editing, setEditing] = useState<PriceRule | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const canEdit = can('admin:api-option:edit');
  const scope = useMemo(
    () => Object.fromEntries(SCOPE_FILTERS.filter((k) => filters[k]).map((k) => [k, filters[k]])),
    [filters],
  );

  const update = useCatalogMutation(updatePriceRule, t('catalog.saved'));
  const remove = useCatalogMutation(deletePriceRule, t('catalog.deleted'));
  const setFilter = (key: string, value: string | undefined) => {
    const next: Record<string, string | undefined> = { ...filters, [key]: value };
    if (key === 'countryCode') next.operatorId = undefined;
    table.setFilters(next);
  };
  const openForm = (rule: PriceRule | null) => {
    setEditing(rule);
    setFormOpen(true);
  };
  const doExport = async () => {
    setExporting(true);
    try {
      await exportPriceRules(scope);
      void message.success(t('catalog.exported'));
    } catch {
      // the HTTP layer has said why
    } finally {
      setExporting(false);
    }
  };
  const any = <Tag>{t('catalog.price.any')}</Tag>;

  const columns: TableColumnsType<PriceRule> = [
    {
      title: t('catalog.price.application'),
      key: 'application',
      render: (_, r) =>
        r.applicationId ? `${name(r.applicationNameZh, r.applicationNameEn)} (${r.applicationCode})` : any,
    },
    {
      title: t('catalog.country.label'),
      key: 'country',
      render: (_, r) => (r.countryCode ? `${r.countryFlag} ${name(r.countryNameZh, r.countryNameEn)}` : any),
    },
    {
      title: t('catalog.operator.label'),
      key: 'operator',
      render: (_, r) => (r.operatorId ? r.operatorName : any),
    },
    {
      title: t('catalog.price.cardType'),
      dataIndex: 'cardType',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'cardType'),
      width: 100,
      render: (c: string) => (
        <Tag color={c === 'new' ? 'green' : 'orange'}>{t(`catalog.price.cardTypes.${c}`)}</Tag>
      ),
    },
    {
      title: t('catalog.price.validity'),
      key: 'validity',
      render: (_, r) => name(r.validityNameZh, r.validityNameEn),
    },
    {
      title: t('catalog.price.price'),
      dataIndex: 'price',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'price'),
      align: 'right',
      width: 140,
      render: (price: string) => <Typography.Text strong>{price} USDT</Typography.Text>,
    },
    {
      title: t('catalog.status'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, row) => (
        <EnabledSwitch
          enabled={enabled}
          canEdit={canEdit}
          onChange={(next) => update.mutateAsync({ id: row.id, enabled: next })}
        />
      ),
    },
    {
      title: t('catalog.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'updatedAt'),
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('catalog.actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <RowActions
          onEdit={canEdit ? () => openForm(row) : undefined}
          editLabel={t('catalog.edit')}
          onDelete={can('admin:api-option:del') ? () => remove.mutateAsync(row.id) : undefined}
          deleteLabel={t('catalog.delete')}
          confirmTitle={t('catalog.price.deleteTitle')}
        />
      ),
    },
  ];

  return (
    <Card title={t('catalog.price.title')} data-testid="price-rules">
      <Typography.Paragraph type="secondary">{t('catalog.price.precedence')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <ScopeSelect
          placeholder={t('catalog.price.application')}
          value={filters.applicationId}
          options={choices.applications}
          onChange={(v) => setFilter('applicationId', v)}
          style={{ width: 200 }}
          data-testid="price-filter-application"
        />
        <ScopeSelect
          placeholder={t('catalog.country.label')}
          value={filters.countryCode}
          options={choices.countries}
          onChange={(v) => setFilter('countryCode', v)}
          style={{ width: 200 }}
        />
        <ScopeSelect
          placeholder={t('catalog.operator.label')}
          value={filters.operatorId}
          options={choices.operators}
          onChange={(v) => setFilter('operatorId', v)}
          disabled={!filters.countryCode || filters.countryCode === 'any'}
          style={{ width: 160 }}
        />
        <Select
          allowClear
          placeholder={t('catalog.price.cardType')}
          value={filters.cardType}
          options={CARD_TYPES.map((c) => ({ value: c, label: t(`catalog.price.cardTypes.${c}`) }))}
          onChange={(v) => setFilter('cardType', v)}
          style={{ width: 110 }}
        />
        <ScopeSelect
          placeholder={t('catalog.price.validity')}
          value={filters.validityOptionId}
          options={choices.validityOptions}
          onChange={(v) => setFilter('validityOptionId', v)}
          style={{ width: 180 }}
        />
        <Select
          allowClear
          placeholder={t('catalog.status')}
          value={filters.enabled}
          options={enabledOptions}
          onChange={(v) => setFilter('enabled', v)}
          style={{ width: 110 }}
        />
      </Space>
      <Space wrap style={{ marginBottom: 16 }}>
        {can('admin:api-option:add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openForm(null)}
            data-testid="price-rule-add"
          >
            {t('catalog.price.add')}
          </Button>
        )}
        {canEdit && (
          <Button icon={<EditOutlined />} onClick={() => setBulkOpen(true)} data-testid="price-bulk-edit">
            {t('catalog.bulk.open')}
          </Button>
        )}
        {can('admin:api-option:export') && (
          <Button icon={<DownloadOutlined />} onClick={doExport} loading={exporting}>
            {t('catalog.export')}
          </Button>
        )}
      </Space>
      <DataTable<PriceRule>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rules.data?.list}
        loading={rules.isFetching}
        pagination={table.pagination(rules.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        data-testid="price-rule-table"
      />
      <PriceRuleFormModal
        open={formOpen}
        rule={editing}
        options={options.data}
        onClose={() => setFormOpen(false)}
      />
      <BulkEditModal
        open={bulkOpen}
        initialScope={scope}
        options={options.data}
        onClose={() => setBulkOpen(false)}
      />
    </Card>
  );
}
