import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { PhoneAddRecord } from '@jiema/shared';
import { App, Button, Card, DatePicker, Flex, Input, type TableColumnsType, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { useUrlTable } from '../../../lib/use-url-table';
import { downloadAddRecordFile } from '../api/download-add-record-file';
import { exportAddRecords } from '../api/export-add-records';
import { useStockOptions } from '../api/get-stock-options';
import { useAddRecords } from '../api/list-add-records';
import {
  CountrySelect,
  countryLabel,
  dateRangeParams,
  formatBytes,
  formatTime,
  rangeDays,
  rangeValue,
  sortOrderOf,
  useCan,
  useCountryOptions,
  useLocalName,
} from './stock-common';

/** Admin: every batch add that wrote numbers — who, when, what it found, and the file it came from. */
export default function AddPhoneRecordsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = useCan();
  const name = useLocalName();
  const table = useUrlTable();
  const { filters } = table.query;
  const options = useStockOptions('numbers');
  const countryOptions = useCountryOptions(options.data);
  const [exporting, setExporting] = useState(false);

  const apiFilters = useMemo(
    () => ({
      ...(filters.countryCode ? { countryCode: filters.countryCode } : {}),
      ...(filters.keyword ? { keyword: filters.keyword } : {}),
      ...dateRangeParams(filters),
    }),
    [filters],
  );
  const records = useAddRecords({ ...table.apiParams, ...apiFilters });

  const doExport = async () => {
    setExporting(true);
    try {
      await exportAddRecords(apiFilters);
      void message.success(t('stock.exported'));
    } catch {
      // the HTTP layer has said why
    } finally {
      setExporting(false);
    }
  };
  const download = (record: PhoneAddRecord) =>
    downloadAddRecordFile(record.id, record.fileName).catch(() => undefined);

  const sortable = (field: string) => ({ sorter: true, sortOrder: sortOrderOf(table.query, field) });
  const columns: TableColumnsType<PhoneAddRecord> = [
    { title: t('stock.records.id'), dataIndex: 'id', width: 70 },
    {
      title: t('stock.records.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      ...sortable('createdAt'),
      render: (createdAt: string, row) => (
        <>
          <div>{formatTime(createdAt)}</div>
          <Typography.Text type="secondary">{t('stock.records.by', { name: row.actorName })}</Typography.Text>
        </>
      ),
    },
    {
      title: t('stock.fields.country'),
      dataIndex: 'countryCode',
      width: 140,
      ellipsis: true,
      ...sortable('countryCode'),
      render: (_code: string, row) => countryLabel(row, name),
    },
    {
      title: t('stock.fields.operator'),
      dataIndex: 'operatorName',
      width: 120,
      ellipsis: true,
      render: (operatorName: string | null) => operatorName ?? t('stock.anyOperator'),
    },
    {
      title: t('stock.fields.source'),
      dataIndex: 'source',
      width: 130,
      ellipsis: true,
      ...sortable('source'),
    },
    {
      title: t('stock.fields.file'),
      dataIndex: 'fileName',
      width: 200,
      ellipsis: true,
      render: (fileName: string, row) =>
        row.hasFile ? (
          <Typography.Link onClick={() => download(row)} data-testid="record-file">
            <PaperClipOutlined /> {fileName} ({formatBytes(row.fileSize)})
          </Typography.Link>
        ) : (
          fileName
        ),
    },
    {
      title: t('stock.records.lines'),
      dataIndex: 'totalLines',
      width: 90,
      align: 'right',
      ...sortable('totalLines'),
    },
    {
      title: t('stock.records.added'),
      dataIndex: 'addedCount',
      width: 90,
      align: 'right',
      ...sortable('addedCount'),
      render: (added: number) => <Typography.Text type="success">{added}</Typography.Text>,
    },
    {
      title: t('stock.preview.invalid'),
      dataIndex: 'invalidCount',
      width: 80,
      align: 'right',
      ...sortable('invalidCount'),
      render: (n: number) => (n > 0 ? <Typography.Text type="danger">{n}</Typography.Text> : n),
    },
    {
      title: t('stock.records.duplicates'),
      key: 'duplicates',
      width: 110,
      align: 'right',
      render: (_, row) => row.duplicateInFileCount + row.duplicateInStockCount + row.skippedCount,
    },
    {
      title: t('stock.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_, row) =>
        can('admin:phone:list') && (
          <Button
            type="link"
            size="small"
            onClick={() => navigate(`/dashboard/admin/phone-numbers?addRecordId=${row.id}`)}
          >
            {t('stock.records.viewNumbers')}
          </Button>
        ),
    },
  ];

  return (
    <Card
      title={t('stock.records.title')}
      data-testid="add-phone-records"
      extra={
        can('admin:add-phone-record:export') && (
          <Button
            icon={<DownloadOutlined />}
            onClick={doExport}
            loading={exporting}
            data-testid="records-export"
          >
            {t('stock.export')}
          </Button>
        )
      }
    >
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <CountrySelect
          options={countryOptions}
          value={filters.countryCode}
          onChange={(countryCode) => table.setFilters({ ...filters, countryCode })}
          style={{ width: 240 }}
        />
        <Input.Search
          key={`keyword-${filters.keyword ?? ''}`}
          allowClear
          placeholder={t('stock.records.keyword')}
          defaultValue={filters.keyword}
          onSearch={(keyword) => table.setFilters({ ...filters, keyword: keyword.trim() })}
          style={{ width: 240 }}
        />
        <DatePicker.RangePicker
          value={rangeValue(filters)}
          onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
        />
      </Flex>
      <DataTable<PhoneAddRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.data?.list}
        loading={records.isFetching}
        pagination={table.pagination(records.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('stock.records.empty') }}
        data-testid="records-table"
      />
    </Card>
  );
}
