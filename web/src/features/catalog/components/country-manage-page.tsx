import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { Country } from '@jiema/shared';
import {
  App,
  Button,
  Card,
  Input,
  InputNumber,
  Select,
  Space,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import { deleteCountry } from '../api/delete-country';
import { exportCountries } from '../api/export-countries';
import { useCountries } from '../api/list-countries';
import { setCountriesEnabled } from '../api/set-countries-enabled';
import { updateCountry } from '../api/update-country';
import {
  EnabledSwitch,
  monoStyle,
  sortOrderOf,
  useCan,
  useCatalogMutation,
  useEnabledOptions,
} from './catalog-common';
import { CountryFormModal } from './country-form-modal';

/** Admin: every ISO country with dial code, names, sms-activate id and 5sim slug; enable, order, edit, export. */
export default function CountryManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const table = useUrlTable();
  const { filters } = table.query;
  const countries = useCountries(table.apiParams);
  const [editing, setEditing] = useState<Country | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const canEdit = can('admin:country:edit');
  const enabledOptions = useEnabledOptions();

  const update = useCatalogMutation(updateCountry, t('catalog.saved'));
  const remove = useCatalogMutation(deleteCountry, t('catalog.deleted'));
  const batch = useCatalogMutation(
    setCountriesEnabled,
    (r) => t('catalog.country.batchDone', { count: r.updated }),
    () => setSelected([]),
  );

  const openForm = (country: Country | null) => {
    setEditing(country);
    setFormOpen(true);
  };
  const doExport = async () => {
    setExporting(true);
    try {
      await exportCountries({ keyword: filters.keyword, enabled: filters.enabled });
      void message.success(t('catalog.exported'));
    } catch {
      // the HTTP layer has said why
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<Country> = [
    {
      title: t('catalog.country.code'),
      dataIndex: 'code',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'code'),
      width: 110,
      render: (code: string, row) => (
        <Space>
          <span style={{ fontSize: 18 }}>{row.flag}</span>
          <Typography.Text strong>{code}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('catalog.nameZh'),
      dataIndex: 'nameZh',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'nameZh'),
    },
    {
      title: t('catalog.nameEn'),
      dataIndex: 'nameEn',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'nameEn'),
    },
    {
      title: t('catalog.country.dialCode'),
      dataIndex: 'dialCode',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'dialCode'),
      width: 100,
    },
    {
      title: t('catalog.country.smsActivateId'),
      dataIndex: 'smsActivateId',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'smsActivateId'),
      width: 110,
      render: (v: number | null) => v ?? '-',
    },
    {
      title: t('catalog.fivesimSlug'),
      dataIndex: 'fivesimSlug',
      width: 140,
      render: (v: string | null) => (v ? <span style={monoStyle}>{v}</span> : '-'),
    },
    { title: t('catalog.country.operators'), dataIndex: 'operatorCount', width: 80, align: 'right' },
    {
      title: t('catalog.sortOrder'),
      dataIndex: 'sortOrder',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'sortOrder'),
      width: 96,
      render: (value: number, row) =>
        canEdit ? (
          <InputNumber
            key={`${row.code}-${value}`}
            size="small"
            min={0}
            max={1_000_000}
            precision={0}
            defaultValue={value}
            style={{ width: 72 }}
            onBlur={(e) => {
              const next = Number(e.target.value);
              if (Number.isInteger(next) && next !== value)
                update.mutate({ code: row.code, sortOrder: next });
            }}
            onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
            data-testid={`country-sort-${row.code}`}
          />
        ) : (
          value
        ),
    },
    {
      title: t('catalog.status'),
      dataIndex: 'enabled',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'enabled'),
      width: 100,
      render: (enabled: boolean, row) => (
        <EnabledSwitch
          enabled={enabled}
          canEdit={canEdit}
          onChange={(next) => update.mutateAsync({ code: row.code, enabled: next })}
          testId={`country-enabled-${row.code}`}
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
          editTestId={`country-edit-${row.code}`}
          onDelete={can('admin:country:del') ? () => remove.mutateAsync(row.code) : undefined}
          deleteLabel={t('catalog.delete')}
          confirmTitle={t('catalog.country.deleteTitle', { name: `${row.flag} ${row.code}` })}
          confirmDescription={t('catalog.country.deleteWarning')}
        />
      ),
    },
  ];

  return (
    <Card title={t('catalog.country.title')} data-testid="country-manage">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('catalog.country.searchPlaceholder')}
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
            style={{ width: 300 }}
            data-testid="country-search"
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
          {canEdit && selected.length > 0 && (
            <>
              <Typography.Text type="secondary">
                {t('catalog.selected', { count: selected.length })}
              </Typography.Text>
              <Button
                onClick={() => batch.mutate({ codes: selected, enabled: true })}
                loading={batch.isPending}
              >
                {t('catalog.enableSelected')}
              </Button>
              <Button
                onClick={() => batch.mutate({ codes: selected, enabled: false })}
                loading={batch.isPending}
              >
                {t('catalog.disableSelected')}
              </Button>
            </>
          )}
          {can('admin:country:export') && (
            <Button
              icon={<DownloadOutlined />}
              onClick={doExport}
              loading={exporting}
              data-testid="country-export"
            >
              {t('catalog.export')}
            </Button>
          )}
          {can('admin:country:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openForm(null)}
              data-testid="country-add"
            >
              {t('catalog.country.add')}
            </Button>
          )}
        </Space>
      </Space>
      <DataTable<Country>
        rowKey="code"
        size="middle"
        columns={columns}
        dataSource={countries.data?.list}
        loading={countries.isFetching}
        pagination={table.pagination(countries.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        rowSelection={
          canEdit
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }
            : undefined
        }
        data-testid="country-table"
      />
      <CountryFormModal open={formOpen} country={editing} onClose={() => setFormOpen(false)} />
    </Card>
  );
}
