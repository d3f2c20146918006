import { CheckCircleTwoTone, ReloadOutlined, WarningTwoTone } from '@ant-design/icons';
import type { ReconciliationMismatch } from '@jiema/shared';
import { Alert, Button, Card, Col, Row, Statistic, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/ledger-cells';
import { formatTime } from '../../../lib/date-range';
import { useReconciliation } from '../api/get-reconciliation';
import { AgentEarningsReconciliationSection } from './agent-earnings-reconciliation';

/** A total in the statistic row: the exact string, a size that keeps it and the currency on one line. */
const MoneyFigure = ({ value }: { value: string }) => (
  <span style={{ fontSize: 20, whiteSpace: 'nowrap' }}>
    <Money value={value} /> USDT
  </span>
);

/**
 * PRODUCT.md §4: every balance equals the sum of its ledger entries; the users where it does not. Then
 * what we owe SIM-farm agents against their activations.
 */
export function ReconciliationPanel() {
  const { t } = useTranslation();
  const check = useReconciliation();
  const result = check.data;

  const columns: TableColumnsType<ReconciliationMismatch> = [
    { title: t('finance.reconciliation.userId'), dataIndex: 'userId', width: 90 },
    { title: t('finance.reconciliation.username'), dataIndex: 'username' },
    {
      title: t('finance.reconciliation.balance'),
      dataIndex: 'balance',
      align: 'right',
      render: (v) => <Money value={v} />,
    },
    {
      title: t('finance.reconciliation.entrySum'),
      dataIndex: 'entrySum',
      align: 'right',
      render: (v) => <Money value={v} />,
    },
    {
      title: t('finance.reconciliation.difference'),
      dataIndex: 'difference',
      align: 'right',
      render: (v) => (
        <Typography.Text type="danger">
          <Money value={v} />
        </Typography.Text>
      ),
    },
    { title: t('finance.reconciliation.entryCount'), dataIndex: 'entryCount', align: 'right' },
  ];

  return (
    <Card
      title={t('finance.reconciliation.title')}
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={check.isFetching}
          onClick={() => void check.refetch()}
          data-testid="reconcile-run"
        >
          {t('finance.reconciliation.run')}
        </Button>
      }
      data-testid="reconciliation"
    >
      <Typography.Paragraph type="secondary">{t('finance.reconciliation.hint')}</Typography.Paragraph>
      {result && (
        <>
          {/* Breakpoints go by the window, and the menu takes ~230 px of it: four figures a row only
              from 1200 px (at 800 px four made the page wider than the window). */}
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={12} xl={6}>
              <Statistic title={t('finance.reconciliation.userCount')} value={result.userCount} />
            </Col>
            <Col xs={12} xl={6}>
              <Statistic title={t('finance.reconciliation.entryCountTotal')} value={result.entryCount} />
            </Col>
            <Col xs={12} xl={6}>
              <Statistic
                title={t('finance.reconciliation.totalBalance')}
                valueRender={() => <MoneyFigure value={result.totalBalance} />}
              />
            </Col>
            <Col xs={12} xl={6}>
              <Statistic
                title={t('finance.reconciliation.totalEntries')}
                valueRender={() => <MoneyFigure value={result.totalEntries} />}
              />
            </Col>
          </Row>
          {result.mismatchCount === 0 ? (
            <Alert
              type="success"
              showIcon
              icon={<CheckCircleTwoTone twoToneColor="#52c41a" />}
              title={t('finance.reconciliation.ok', { users: result.userCount, entries: result.entryCount })}
              description={t('finance.reconciliation.checkedAt', { time: formatTime(result.checkedAt) })}
              data-testid="reconcile-ok"
            />
          ) : (
            <>
              <Alert
                type="error"
                showIcon
                icon={<WarningTwoTone twoToneColor="#ff4d4f" />}
                title={t('finance.reconciliation.bad', { count: result.mismatchCount })}
                description={t('finance.reconciliation.checkedAt', { time: formatTime(result.checkedAt) })}
                style={{ marginBottom: 16 }}
                data-testid="reconcile-bad"
              />
              <DataTable<ReconciliationMismatch>
                rowKey="userId"
                size="small"
                columns={columns}
                dataSource={result.mismatches}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                data-testid="reconcile-mismatches"
              />
            </>
          )}
          <AgentEarningsReconciliationSection result={result.agents} />
        </>
      )}
    </Card>
  );
}
