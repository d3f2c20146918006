import type { AgentMapping, AgentState } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Space, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import {
  AGENTS_KEY,
  overrideAgentMapping,
  recordPayout,
  useAgentMappings,
  useAgentState,
} from '../api/agents';
import { useCan } from './use-can';

type Offer = AgentState['offers'][number];
type Earning = AgentState['earnings'][number];
type Recent = AgentState['recent'][number];

/** An agent's quantities, its names and their mapping, what we owe it (payouts), its recent activations. */
export function AgentStateModal({ agentId, onClose }: { agentId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const state = useAgentState(agentId);
  const mappings = useAgentMappings(agentId);
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [payout, setPayout] = useState({ amount: '', note: '' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
  const map = useMutation({ mutationFn: overrideAgentMapping, onSuccess: refresh });
  const pay = useMutation({
    mutationFn: recordPayout,
    onSuccess: () => {
      setPayout({ amount: '', note: '' });
      return refresh();
    },
  });
  const keyOf = (m: AgentMapping) => `${m.kind}|${m.code}`;
  const offers: TableColumnsType<Offer> = [
    { title: t('agents.state.country'), dataIndex: 'country' },
    { title: t('agents.state.operator'), dataIndex: 'operator' },
    { title: t('agents.state.service'), dataIndex: 'service' },
    { title: t('agents.state.count'), dataIndex: 'count' },
    {
      title: t('agents.state.mappedTo'),
      key: 'mapped',
      render: (_, o) => `${o.applicationId ?? '—'} / ${o.countryCode ?? '—'}`,
    },
  ];
  const mappingColumns: TableColumnsType<AgentMapping> = [
    {
      title: t('agents.mapping.kind'),
      dataIndex: 'kind',
      render: (k: string) => t(`agents.mapping.kinds.${k}`),
    },
    {
      title: t('agents.mapping.name'),
      dataIndex: 'code',
      render: (c: string) => <Typography.Text code>{c}</Typography.Text>,
    },
    {
      title: t('agents.mapping.effective'),
      dataIndex: 'effectiveRef',
      render: (v: string | null) =>
        v ? <Tag color="green">{v}</Tag> : <Tag color="orange">{t('agents.mapping.unmapped')}</Tag>,
    },
    {
      title: t('agents.mapping.override'),
      key: 'override',
      render: (_, m) =>
        m.kind === 'operator' || !can('admin:agent:edit') ? null : (
          <Space.Compact>
            <Input
              size="small"
              style={{ width: 90 }}
              placeholder={m.overrideRef ?? ''}
              value={drafts[keyOf(m)] ?? ''}
              onChange={(e) => setDrafts({ ...drafts, [keyOf(m)]: e.target.value })}
              data-testid={`agent-mapping-input-${m.kind}-${m.code}`}
            />
            <Button
              size="small"
              onClick={() =>
                agentId !== null &&
                map.mutate({
                  id: agentId,
                  kind: m.kind as 'service' | 'country',
                  code: m.code,
                  ref: drafts[keyOf(m)]?.trim() ?? null,
                })
              }
            >
              {t('agents.save')}
            </Button>
          </Space.Compact>
        ),
    },
  ];
  const earnings: TableColumnsType<Earning> = [
    {
      title: t('agents.state.kind'),
      dataIndex: 'kind',
      render: (k: string) => t(`agents.earningKinds.${k}`),
    },
    { title: t('agents.state.amount'), dataIndex: 'amount' },
    { title: 'USDT', dataIndex: 'amountUsdt' },
    {
      title: t('agents.state.note'),
      key: 'note',
      render: (_, e) => e.note ?? (e.activationId ? `#${e.activationId}` : '—'),
    },
    {
      title: t('agents.state.time'),
      dataIndex: 'createdAt',
      render: (v: string) => new Date(v).toLocaleString(),
    },
  ];
  const recent: TableColumnsType<Recent> = [
    { title: t('agents.state.agentActivation'), dataIndex: 'agentActivationId' },
    { title: t('agents.state.phone'), dataIndex: 'phoneNumber' },
    {
      title: t('agents.state.status'),
      key: 'status',
      render: (_, r) => (
        <Space size={4}>
          <Tag>{t(`agents.states.${r.state}`)}</Tag>
          {r.finishStatus !== null && <Tag color="blue">{t(`agents.finish.${r.finishStatus}`)}</Tag>}
        </Space>
      ),
    },
    { title: t('agents.state.pay'), dataIndex: 'pay' },
    { title: t('agents.state.price'), dataIndex: 'price' },
    { title: t('agents.state.note'), dataIndex: 'note', render: (v: string | null) => v ?? '—' },
  ];
  const data = state.data;
  return (
    <Modal
      open={agentId !== null}
      title={t('agents.stateTitle')}
      onCancel={onClose}
      footer={null}
      width={860}
      destroyOnHidden
    >
      {data && (
        <Tabs
          items={[
            {
              key: 'offers',
              label: t('agents.state.offersTab'),
              children: (
                <DataTable<Offer>
                  rowKey={(o) => `${o.country}|${o.operator}|${o.service}`}
                  size="small"
                  columns={offers}
                  dataSource={data.offers}
                  pagination={{ pageSize: 20 }}
                  data-testid="agent-offers-table"
                />
              ),
            },
            {
              key: 'mapping',
              label: t('agents.state.mappingTab'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('agents.mappingHelp')}</Typography.Paragraph>
                  <DataTable<AgentMapping>
                    rowKey={keyOf}
                    size="small"
                    columns={mappingColumns}
                    dataSource={mappings.data ?? []}
                    pagination={{ pageSize: 20 }}
                  />
                </>
              ),
            },
            {
              key: 'earnings',
              label: t('agents.state.earningsTab'),
              children: (
                <>
                  {can('admin:agent:payout') && (
                    <Space wrap style={{ marginBottom: 12 }}>
                      <Input
                        style={{ width: 140 }}
                        placeholder={t('agents.state.amount')}
                        value={payout.amount}
                        onChange={(e) => setPayout({ ...payout, amount: e.target.value })}
                        data-testid="agent-payout-amount"
                      />
                      <Input
                        style={{ width: 200 }}
                        placeholder={t('agents.state.note')}
                        value={payout.note}
                        onChange={(e) => setPayout({ ...payout, note: e.target.value })}
                      />
                      <Button
                        loading={pay.isPending}
                        onClick={() => agentId !== null && pay.mutate({ id: agentId, ...payout })}
                        data-testid="agent-payout-submit"
                      >
                        {t('agents.recordPayout')}
                      </Button>
                    </Space>
                  )}
                  <DataTable<Earning>
                    rowKey="id"
                    size="small"
                    columns={earnings}
                    dataSource={data.earnings}
                    pagination={{ pageSize: 10 }}
                    data-testid="agent-earnings-table"
                  />
                </>
              ),
            },
            {
              key: 'recent',
              label: t('agents.state.recentTab'),
              children: (
                <DataTable<Recent>
                  rowKey="id"
                  size="small"
                  columns={recent}
                  dataSource={data.recent}
                  pagination={{ pageSize: 10 }}
                  data-testid="agent-recent-table"
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
