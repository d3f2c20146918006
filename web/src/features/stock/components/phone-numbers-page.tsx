import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { PHONE_CARD_USES, type PhoneNumber, type PhoneNumberFilter } from '@jiema/shared';
import { App, AutoComplete, Button, Card, Flex, Input, Select, Space, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { DisabledCountryAlert } from '../../../components/disabled-country-alert';
import { useUrlTable } from '../../../lib/use-url-table';
import { deletePhoneNumbers } from '../api/delete-phone-numbers';
import { exportPhoneNumbers } from '../api/export-phone-numbers';
import { useStockOptions } from '../api/get-stock-options';
import { usePhoneNumbers } from '../api/list-phone-numbers';
import { setPhoneState } from '../api/set-phone-state';
import { EditPhoneNumberModal } from './edit-phone-number-modal';
import { PhoneBulkBar } from './phone-bulk-bar';
import { usePhoneNumberColumns } from './phone-number-columns';
import {
  CountrySelect,
  useBulkMessage,
  useCan,
  useCountryOptions,
  useLocalName,
  useOperatorOptions,
  useStateOptions,
  useStockMutation,
} from './stock-common';

const FILTER_KEYS = [
  'countryCode',
  'operatorId',
  'prefix',
  'state',
  'source',
  'cardUse',
  'applicationId',
  'addRecordId',
] as const;

/** Admin: every number in stock, filtered, sorted and paged on the server, with bulk actions. */
import { numbersOffSale } from './numbers-off-sale';
export default function PhoneNumbersPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const can = useCan();
  const name = useLocalName();
  const table = useUrlTable();
  const { filters } = table.query;
  const options = useStockOptions('numbers');
  const numbers = usePhoneNumbers(table.apiParams);
  const countryOptions = useCountryOptions(options.data);
  const operatorOptions = useOperatorOptions(options.data, filters.countryCode);
  const stateOptions = useStateOptions();
  // Free numbers of a disabled country look available, yet the store never offers them: say so.
  const { disabledCountries, offSaleByCountry } = numbersOffSale(options.data, numbers.data?.list);
  const bulkMessage = useBulkMessage();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<PhoneNumber | null>(null);
  const [exporting, setExporting] = useState(false);
  const total = numbers.data?.total ?? 0;

  /** The filter of "all matching", exactly as the list is filtered (the server parses it the same way). */
  const currentFilter = useMemo(
    () =>
      Object.fromEntries(
        FILTER_KEYS.flatMap((k) => (filters[k] ? [[k, filters[k]]] : [])),
      ) as PhoneNumberFilter,
    [filters],
  );
  const setFilter = (patch: Record<string, string | number | undefined>) => {
    setSelected([]);
    table.setFilters({ ...filters, ...patch });
  };

  const changeState = useStockMutation(setPhoneState, (result) => {
    bulkMessage(result);
    setSelected([]);
  });
  const remove = useStockMutation(deletePhoneNumbers, (result) => {
    bulkMessage(result);
    setSelected([]);
  });

  const confirmAll = (enabled: boolean) =>
    modal.confirm({
      title: enabled
        ? t('stock.bulk.enableAllTitle', { count: total })
        : t('stock.bulk.disableAllTitle', { count: total }),
      content: enabled ? t('stock.bulk.enableAllHint') : t('stock.bulk.disableAllHint'),
      okButtonProps: { danger: !enabled, ...{ 'data-testid': 'bulk-all-confirm' } },
      onOk: () => changeState.mutateAsync({ enabled, filter: currentFilter }),
    });

  const doExport = async () => {
    setExporting(true);
    try {
      await exportPhoneNumbers(currentFilter);
      void message.success(t('stock.exported'));
    } catch {
      // the HTTP layer has said why
    } finally {
      setExporting(false);
    }
  };

  const busy = changeState.isPending || remove.isPending;
  const canEdit = can('admin:phone:edit');
  const canBulk = canEdit || can('admin:phone:del');

  const columns = usePhoneNumberColumns({
    query: table.query,
    disabledCountries,
    canEdit,
    onAddRecord: (addRecordId) => setFilter({ addRecordId }),
    onEdit: setEditing,
    onToggle: (row) => changeState.mutate({ ids: [row.id], enabled: row.state === 'disabled' }),
  });

  return (
    <Card
      title={t('stock.numbers.title')}
      data-testid="phone-numbers"
      extra={
        <Space wrap>
          {can('admin:phone:export') && (
            <Button
              icon={<DownloadOutlined />}
              onClick={doExport}
              loading={exporting}
              data-testid="phone-export"
            >
              {t('stock.export')}
            </Button>
          )}
          {can('admin:phone:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/dashboard/admin/phone-numbers/batch-add')}
            >
              {t('menu.phoneBatchAdd')}
            </Button>
          )}
        </Space>
      }
    >
      <Flex wrap gap={8} style={{ marginBottom: 12 }} data-testid="phone-filters">
        <CountrySelect
          options={countryOptions}
          value={filters.countryCode}
          onChange={(countryCode) => setFilter({ countryCode, operatorId: undefined })}
          style={{ width: 240 }}
          data-testid="filter-country"
        />
        <Select
          allowClear
          placeholder={t('stock.fields.operator')}
          disabled={!filters.countryCode}
          value={filters.operatorId ? Number(filters.operatorId) : undefined}
          options={operatorOptions}
          onChange={(operatorId) => setFilter({ operatorId })}
          style={{ width: 170 }}
        />
        <Input.Search
          key={`prefix-${filters.prefix ?? ''}`}
          allowClear
          placeholder={t('stock.filters.prefix')}
          defaultValue={filters.prefix}
          onSearch={(prefix) => setFilter({ prefix: prefix.trim() })}
          style={{ width: 170 }}
          data-testid="filter-prefix"
        />
        <Select
          allowClear
          placeholder={t('stock.fields.state')}
          value={filters.state}
          options={stateOptions}
          onChange={(state) => setFilter({ state })}
          style={{ width: 130 }}
          data-testid="filter-state"
        />
        <AutoComplete
          key={`source-${filters.source ?? ''}`}
          defaultValue={filters.source}
          options={(options.data?.sources ?? []).map((s) => ({ value: s }))}
          onSelect={(source: string) => setFilter({ source })}
          style={{ width: 190 }}
        >
          <Input.Search
            allowClear
            placeholder={t('stock.filters.source')}
            onSearch={(source) => setFilter({ source: source.trim() })}
          />
        </AutoComplete>
        <Select
          allowClear
          placeholder={t('stock.fields.cardUse')}
          value={filters.cardUse}
          options={PHONE_CARD_USES.map((use) => ({ value: use, label: t(`stock.cardUse.${use}`) }))}
          onChange={(cardUse) => setFilter({ cardUse })}
          style={{ width: 120 }}
          data-testid="filter-card-use"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('stock.filters.application')}
          value={filters.applicationId ? Number(filters.applicationId) : undefined}
          options={(options.data?.applications ?? []).map((a) => ({
            value: a.id,
            label: `${name(a.nameZh, a.nameEn)} (${a.code})`,
          }))}
          onChange={(applicationId) => setFilter({ applicationId })}
          style={{ width: 180 }}
          popupMatchSelectWidth={false}
        />
        {filters.addRecordId && (
          <Tag closable onClose={() => setFilter({ addRecordId: undefined })} style={{ alignSelf: 'center' }}>
            {t('stock.filters.addRecord', { id: filters.addRecordId })}
          </Tag>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => table.setFilters({})} data-testid="filter-reset">
          {t('stock.filters.reset')}
        </Button>
      </Flex>

      {canBulk && (
        <PhoneBulkBar
          selected={selected.length}
          total={total}
          busy={busy}
          canEdit={canEdit}
          canDelete={can('admin:phone:del')}
          onSelected={(enabled) => changeState.mutate({ ids: selected, enabled })}
          onDeleteSelected={() => remove.mutateAsync(selected)}
          onAll={confirmAll}
        />
      )}

      {[...offSaleByCountry].slice(0, 3).map(([code, count]) => (
        <DisabledCountryAlert
          key={code}
          country={disabledCountries.get(code)}
          place="phoneList"
          count={count}
        />
      ))}
      <DataTable<PhoneNumber>
        cards
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={numbers.data?.list}
        loading={numbers.isFetching}
        pagination={table.pagination(numbers.data?.total)}
        rowSelection={
          canBulk
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('stock.numbers.empty') }}
        data-testid="phone-table"
      />
      <EditPhoneNumberModal number={editing} options={options.data} onClose={() => setEditing(null)} />
    </Card>
  );
}
