import { CheckCircleTwoTone, WarningTwoTone } from '@ant-design/icons';
import type { AgentEarningsMismatch, AgentEarningsReconciliation } from '@jiema/shared';
import { Alert, Col, Divider, Row, Statistic, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/ledger-cells';

const UsdtFigure = ({ value }: { value: string }) => (
  <span style={{ fontSize: 20, whiteSpace: 'nowrap' }}>
    <Money value={value} /> USDT
  </span>
);

/** What we owe SIM-farm agents against their activations: totals, and what does not agree. */
export function AgentEarningsReconciliationSection({ result }: { result: AgentEarningsReconciliation }) {
  const { t } = useTranslation();
  const k = (key: string) => `finance.reconciliation.agents.${key}`;
  const columns: TableColumnsType<AgentEarningsMismatch> = [
    { title: t(k('agent')), key: 'agent', render: (_, m) => `${m.agentName} (#${m.agentId})` },
    { title: t(k('activation')), dataIndex: 'activationId', width: 110, render: (v) => v ?? '–' },
    { title: t(k('problem')), dataIndex: 'problem', render: (v) => t(k(`problems.${v}`)) },
    { title: t(k('expected')), dataIndex: 'expected', align: 'right', render: (v) => <Money value={v} /> },
    {
      title: t(k('actual')),
      dataIndex: 'actual',
      align: 'right',
      render: (v) => (
        <Typography.Text type="danger">
          <Money value={v} />
        </Typography.Text>
      ),
    },
  ];
  const figures: [string, string][] = [
    ['credited', result.credited],
    ['reversed', result.reversed],
    ['paidOut', result.paidOut],
    ['owed', result.owed],
  ];
  return (
    <div data-testid="reconcile-agents">
      <Divider titlePlacement="start">{t(k('title'))}</Divider>
      <Typography.Paragraph type="secondary">{t(k('hint'))}</Typography.Paragraph>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} xl={8} xxl={4}>
          <Statistic title={t(k('agentCount'))} value={result.agentCount} />
        </Col>
        <Col xs={12} xl={8} xxl={4}>
          <Statistic title={t(k('entryCount'))} value={result.entryCount} />
        </Col>
        {figures.map(([key, value]) => (
          <Col xs={12} xl={8} xxl={4} key={key}>
            <Statistic title={t(k(key))} valueRender={() => <UsdtFigure value={value} />} />
          </Col>
        ))}
      </Row>
      {result.mismatchCount === 0 ? (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleTwoTone twoToneColor="#52c41a" />}
          title={t(k('ok'), { agents: result.agentCount, entries: result.entryCount })}
          data-testid="reconcile-agents-ok"
        />
      ) : (
        <>
          <Alert
            type="error"
            showIcon
            icon={<WarningTwoTone twoToneColor="#ff4d4f" />}
            title={t(k('bad'), { count: result.mismatchCount })}
            style={{ marginBottom: 16 }}
            data-testid="reconcile-agents-bad"
          />
          <DataTable<AgentEarningsMismatch>
            rowKey={(m) => `${m.agentId}:${m.activationId ?? ''}:${m.problem}`}
            size="small"
            columns={columns}
            dataSource={result.mismatches}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            data-testid="reconcile-agents-mismatches"
          />
        </>
      )}
    </div>
  );
}
