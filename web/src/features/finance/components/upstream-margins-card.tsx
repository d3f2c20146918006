import type { UpstreamFinanceRow } from '@jiema/shared';
import { Card, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/ledger-cells';
import { useUpstreamMargins } from '../api/get-upstream-margins';

type Row = Omit<UpstreamFinanceRow, 'providerId' | 'providerName' | 'currency'> & {
  key: string;
  providerName: string;
};

/**
 * Per upstream provider, for the numbers bought in the period: what we paid it and what it refunded us
 * (its cost ledger), our customers' net payments, and the margin, exact to the micro-USDT. Shown only
 * when providers exist.
 */
export function UpstreamMarginsCard({ range }: { range: { from?: string; to?: string } }) {
  const { t } = useTranslation();
  const report = useUpstreamMargins(range);
  const data = report.data;
  if (!data || data.rows.length === 0) return null;
  const rows: Row[] = [
    ...data.rows.map((r) => ({ ...r, key: String(r.providerId) })),
    { ...data.total, key: 'total', providerName: t('finance.upstream.total') },
  ];
  const money = (value: string) => <Money value={value} />;
  const columns: TableColumnsType<Row> = [
    {
      title: t('finance.upstream.provider'),
      dataIndex: 'providerName',
      render: (name: string, r) =>
        r.key === 'total' ? <Typography.Text strong>{name}</Typography.Text> : name,
    },
    {
      title: t('finance.upstream.activations'),
      key: 'activations',
      align: 'right',
      render: (_, r) =>
        t('finance.upstream.activationsOf', { count: r.activations, refunded: r.refundedActivations }),
    },
    { title: t('finance.upstream.paid'), dataIndex: 'paid', align: 'right', render: money },
    { title: t('finance.upstream.refunded'), dataIndex: 'refunded', align: 'right', render: money },
    { title: t('finance.upstream.cost'), dataIndex: 'cost', align: 'right', render: money },
    { title: t('finance.upstream.revenue'), dataIndex: 'revenue', align: 'right', render: money },
    {
      title: t('finance.upstream.margin'),
      dataIndex: 'margin',
      align: 'right',
      render: (value: string) => (
        <Typography.Text type={value.startsWith('-') ? 'danger' : 'success'}>
          <Money value={value} />
        </Typography.Text>
      ),
    },
  ];
  return (
    <Card title={t('finance.upstream.title')} style={{ marginTop: 16 }} data-testid="finance-upstream">
      <Typography.Paragraph type="secondary">{t('finance.upstream.help')}</Typography.Paragraph>
      <DataTable<Row>
        cards
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        data-testid="finance-upstream-table"
      />
    </Card>
  );
}
