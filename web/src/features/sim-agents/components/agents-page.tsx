import { PlusOutlined } from '@ant-design/icons';
import type { Agent, AgentTestResult } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Modal,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { AGENTS_KEY, testAgent, updateAgent, useAgents } from '../api/agents';
import { AgentFormModal } from './agent-form-modal';
import { AgentStateModal } from './agent-state-modal';
import { useCan } from './use-can';

type TestOffer = AgentTestResult['offers'][number];

/**
 * Admin, phone management: SIM-farm agents selling their numbers over the SMSHub agent protocol,
 * their polls, quantities, activations, SMS and what we owe them.
 */
export default function AgentsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const agents = useAgents();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ open: boolean; editing: Agent | null }>({ open: false, editing: null });
  const [stateOf, setStateOf] = useState<number | null>(null);
  const [tested, setTested] = useState<AgentTestResult | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
  const test = useMutation({
    mutationFn: testAgent,
    onSuccess: (r) => {
      void refresh();
      setTested(r);
      void message.success(t('agents.testOk', { ms: r.latencyMs, count: r.offers.length }));
    },
    onError: () => void refresh(),
  });
  const toggle = useMutation({ mutationFn: updateAgent, onSuccess: refresh });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

  const columns: TableColumnsType<Agent> = [
    {
      title: t('agents.fields.name'),
      dataIndex: 'name',
      render: (name: string, a) => (
        <Space size={4} wrap>
          <Typography.Text strong>{name}</Typography.Text>
          <Tag>{t(`agents.currencies.${a.currency}`)}</Tag>
          {a.heldUntil && (
            <Tooltip title={`${a.heldReason ?? ''} — ${when(a.heldUntil)}`}>
              <Tag color="red" data-testid={`agent-held-${a.id}`}>
                {t('agents.held')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('agents.fields.lastPoll'),
      key: 'poll',
      render: (_, a) => (
        <span data-testid={`agent-poll-${a.id}`}>
          {a.lastPollAt ? t('agents.pollLine', { at: when(a.lastPollAt), ms: a.lastLatencyMs ?? '—' }) : '—'}
        </span>
      ),
    },
    {
      title: t('agents.fields.quantity'),
      dataIndex: 'quantity',
      render: (q: number, a) => <span data-testid={`agent-quantity-${a.id}`}>{q}</span>,
    },
    {
      title: t('agents.fields.activations'),
      key: 'activations',
      render: (_, a) => t('agents.activationsLine', { open: a.openActivations, sold: a.soldActivations }),
    },
    { title: t('agents.fields.sms'), dataIndex: 'smsReceived' },
    {
      title: t('agents.fields.owed'),
      key: 'owed',
      render: (_, a) => (
        <Tooltip title={`${a.owedUsdt} USDT`}>
          <span
            data-testid={`agent-owed-${a.id}`}
          >{`${a.owed} ${t(`agents.currencyCodes.${a.currency}`)}`}</span>
        </Tooltip>
      ),
    },
    {
      title: t('agents.fields.errors'),
      key: 'errors',
      ellipsis: true,
      render: (_, a) =>
        a.lastError ? (
          <Tooltip title={`${when(a.lastErrorAt)} ${a.lastError}`}>
            <Typography.Text type="danger" data-testid={`agent-error-${a.id}`}>
              {t('agents.errorsLine', { errors: a.pollErrors, polls: a.polls })} {a.lastError}
            </Typography.Text>
          </Tooltip>
        ) : (
          t('agents.errorsLine', { errors: a.pollErrors, polls: a.polls })
        ),
    },
    {
      title: t('agents.fields.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, a) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!can('admin:agent:edit')}
          onChange={(next) =>
            toggle.mutate({
              id: a.id,
              name: a.name,
              url: a.url,
              currency: a.currency as 643 | 840,
              rateToUsdt: a.rateToUsdt,
              defaultPay: a.defaultPay,
              payRates: a.payRates,
              priority: a.priority,
              enabled: next,
            })
          }
        />
      ),
    },
    {
      title: t('agents.actions'),
      key: 'actions',
      render: (_, a) => (
        <Space size={4} wrap>
          {can('admin:agent:test') && (
            <Button
              size="small"
              loading={test.isPending && test.variables === a.id}
              onClick={() => test.mutate(a.id)}
              data-testid={`agent-test-${a.id}`}
            >
              {t('agents.test')}
            </Button>
          )}
          {can('admin:agent:edit') && (
            <Button
              size="small"
              onClick={() => setForm({ open: true, editing: a })}
              data-testid={`agent-edit-${a.id}`}
            >
              {t('agents.edit')}
            </Button>
          )}
          <Button size="small" onClick={() => setStateOf(a.id)} data-testid={`agent-state-${a.id}`}>
            {t('agents.stateButton')}
          </Button>
        </Space>
      ),
    },
  ];
  const testColumns: TableColumnsType<TestOffer> = [
    { title: t('agents.state.country'), dataIndex: 'country' },
    { title: t('agents.state.operator'), dataIndex: 'operator' },
    { title: t('agents.state.service'), dataIndex: 'service' },
    { title: t('agents.state.count'), dataIndex: 'count' },
    {
      title: t('agents.state.mappedTo'),
      key: 'mapped',
      render: (_, o) =>
        o.applicationId && o.countryCode ? (
          <Tag color="green">{`${o.applicationId} / ${o.countryCode}`}</Tag>
        ) : (
          <Tag color="orange">{t('agents.mapping.unmapped')}</Tag>
        ),
    },
  ];

  return (
    <Card
      title={t('agents.title')}
      extra={
        can('admin:agent:add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ open: true, editing: null })}
            data-testid="agent-add"
          >
            {t('agents.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('agents.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('agents.pushUrl')}{' '}
        <Typography.Text code copyable>{`${window.location.origin}/api/agents/sms`}</Typography.Text>
      </Typography.Paragraph>
      <DataTable<Agent>
        rowKey="id"
        cards
        loading={agents.isLoading}
        columns={columns}
        dataSource={agents.data ?? []}
        pagination={false}
        data-testid="agents-table"
      />
      <AgentFormModal
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
      <AgentStateModal agentId={stateOf} onClose={() => setStateOf(null)} />
      <Modal
        open={tested !== null}
        title={t('agents.testTitle')}
        onCancel={() => setTested(null)}
        footer={null}
        width={720}
      >
        {tested && (
          <DataTable<TestOffer>
            rowKey={(o) => `${o.country}|${o.operator}|${o.service}`}
            size="small"
            cards
            columns={testColumns}
            dataSource={tested.offers}
            pagination={{ pageSize: 20 }}
            data-testid="agent-test-offers"
          />
        )}
      </Modal>
    </Card>
  );
}
