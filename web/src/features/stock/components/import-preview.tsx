import {
  PHONE_LINE_STATUSES,
  type PhoneImport,
  type PhoneImportItem,
  type PhoneLineStatus,
  type StockOptions,
} from '@jiema/shared';
import { Card, Col, Row, Segmented, Statistic, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useImportItems } from '../api/list-import-items';
import { monoStyle, useLocalName } from './stock-common';

const STATUS_COLORS: Record<PhoneLineStatus, string> = {
  valid: 'green',
  invalid: 'red',
  duplicateInFile: 'orange',
  duplicateInStock: 'gold',
};

/** Why a line will not be added, in the reader's language (details such as the country named). */
export function useLineReason(options: StockOptions | undefined) {
  const { t } = useTranslation();
  const name = useLocalName();
  return useCallback(
    (item: PhoneImportItem) => {
      if (item.status === 'duplicateInFile') return t('stock.reasons.duplicateInFile', { line: item.detail });
      if (item.status === 'duplicateInStock') return t('stock.reasons.duplicateInStock');
      if (!item.reason) return '';
      if (item.reason === 'wrongCountry') {
        const country = options?.countries.find((c) => c.code === item.detail);
        return item.detail
          ? t('stock.reasons.wrongCountry', {
              country: country ? `${name(country.nameZh, country.nameEn)} (${country.code})` : item.detail,
            })
          : t('stock.reasons.wrongCountryUnknown');
      }
      if (item.reason === 'notMobile')
        return t('stock.reasons.notMobile', {
          type: t(`stock.numberTypes.${item.detail ?? 'UNKNOWN'}`, { defaultValue: item.detail ?? '' }),
        });
      return t(`stock.reasons.${item.reason}`, { detail: item.detail });
    },
    [t, name, options],
  );
}

/** The counts of the preview: what will be added and what will not, and why. */
export function ImportCounts({ current }: { current: PhoneImport }) {
  const { t } = useTranslation();
  const stats: Array<[string, number, string | undefined, string]> = [
    [t('stock.preview.total'), current.totalLines, undefined, 'count-total'],
    [t('stock.preview.valid'), current.validCount, '#389e0d', 'count-valid'],
    [t('stock.preview.invalid'), current.invalidCount, '#cf1322', 'count-invalid'],
    [t('stock.preview.duplicateInFile'), current.duplicateInFileCount, '#d46b08', 'count-duplicate-file'],
    [t('stock.preview.duplicateInStock'), current.duplicateInStockCount, '#ad8b00', 'count-duplicate-stock'],
  ];
  return (
    <Row gutter={[16, 16]}>
      {stats.map(([title, value, color, testId]) => (
        <Col key={testId} flex="1 1 170px">
          <Card size="small">
            <Statistic
              title={title}
              value={value}
              styles={color ? { content: { color } } : undefined}
              data-testid={testId}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The preview's lines, by status, paged on the server. */
export function ImportLines({
  current,
  options,
}: {
  current: PhoneImport;
  options: StockOptions | undefined;
}) {
  const { t } = useTranslation();
  const reason = useLineReason(options);
  const counts: Record<PhoneLineStatus, number> = {
    valid: current.validCount,
    invalid: current.invalidCount,
    duplicateInFile: current.duplicateInFileCount,
    duplicateInStock: current.duplicateInStockCount,
  };
  const firstIssue = (['invalid', 'duplicateInFile', 'duplicateInStock'] as const).find((s) => counts[s] > 0);
  const [status, setStatus] = useState<PhoneLineStatus | 'all'>(firstIssue ?? 'all');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const items = useImportItems(current.id, { ...page, ...(status === 'all' ? {} : { status }) }, true);

  const columns: TableColumnsType<PhoneImportItem> = [
    { title: t('stock.preview.line'), dataIndex: 'lineNo', width: 90 },
    {
      title: t('stock.preview.content'),
      dataIndex: 'raw',
      render: (raw: string) => <Typography.Text style={monoStyle}>{raw}</Typography.Text>,
    },
    {
      title: t('stock.preview.normalised'),
      dataIndex: 'number',
      render: (number: string | null) => (number ? <span style={monoStyle}>{number}</span> : '-'),
    },
    {
      title: t('stock.fields.operator'),
      dataIndex: 'operatorName',
      render: (operatorName: string | null, item) =>
        item.operatorCode === 'any' ? t('stock.anyOperator') : (operatorName ?? '-'),
    },
    {
      title: t('stock.preview.status'),
      dataIndex: 'status',
      width: 130,
      render: (s: PhoneLineStatus) => <Tag color={STATUS_COLORS[s]}>{t(`stock.lineStatus.${s}`)}</Tag>,
    },
    { title: t('stock.preview.reason'), key: 'reason', render: (_, item) => reason(item) },
  ];

  return (
    <>
      <Segmented<PhoneLineStatus | 'all'>
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        options={[
          { value: 'all', label: `${t('stock.lineStatus.all')} (${current.totalLines})` },
          ...PHONE_LINE_STATUSES.map((s) => ({
            value: s,
            label: `${t(`stock.lineStatus.${s}`)} (${counts[s]})`,
          })),
        ]}
        style={{ margin: '16px 0' }}
        data-testid="preview-status"
      />
      <DataTable<PhoneImportItem>
        rowKey="lineNo"
        size="small"
        columns={columns}
        dataSource={items.data?.list}
        loading={items.isFetching}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: items.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('common.total', { count }),
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        data-testid="preview-table"
      />
    </>
  );
}
