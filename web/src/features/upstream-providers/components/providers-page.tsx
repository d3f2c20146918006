import { PlusOutlined } from '@ant-design/icons';
import type { UpstreamProvider } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
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
import { PROVIDERS_KEY, testProvider, updateProvider, useProviders } from '../api/providers';
import { MappingsModal } from './mappings-modal';
import { PriceRulesModal } from './price-rules-modal';
import { ProviderFormModal } from './provider-form-modal';
import { ReconciliationModal } from './reconciliation-modal';
import { StateModal } from './state-modal';
import { useCan } from './use-can';

/** Admin, phone management: upstream providers whose numbers are resold, their health, mapping and money. */
export default function ProvidersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const providers = useProviders();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ open: boolean; editing: UpstreamProvider | null }>({
    open: false,
    editing: null,
  });
  const [mappingsOf, setMappingsOf] = useState<number | null>(null);
  const [stateOf, setStateOf] = useState<number | null>(null);
  const [rulesOf, setRulesOf] = useState<number | null>(null);
  const [reconOf, setReconOf] = useState<number | null>(null);
  const lowBalance = (providers.data ?? []).filter((p) => p.balanceLow);
  const discrepant = (providers.data ?? []).filter((p) => p.discrepancyWarning);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY });
  const test = useMutation({
    mutationFn: testProvider,
    onSuccess: (r) => {
      void refresh();
      void message.success(t('upstream.testOk', { balance: r.balance, ms: r.latencyMs, offers: r.offers }));
    },
    onError: () => void refresh(),
  });
  const toggle = useMutation({ mutationFn: updateProvider, onSuccess: refresh });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

  const columns: TableColumnsType<UpstreamProvider> = [
    {
      title: t('upstream.fields.name'),
      dataIndex: 'name',
      render: (name: string, p) => (
        <Space size={4} wrap>
          <Typography.Text strong>{name}</Typography.Text>
          <Tag color="blue">{t(`upstream.protocols.${p.protocol}`)}</Tag>
          {p.breakerOpenUntil && (
            <Tooltip title={t('upstream.breakerHelp', { until: when(p.breakerOpenUntil) })}>
              <Tag color="red" data-testid={`provider-breaker-${p.id}`}>
                {t('upstream.breakerOpen')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('upstream.fields.balance'),
      key: 'balance',
      render: (_, p) => (
        <Space size={4} data-testid={`provider-balance-${p.id}`}>
          <span>{p.balance === null ? '—' : `${p.balance} ${p.currency}`}</span>
          {p.balanceLow && <Tag color="orange">{t('upstream.balanceLow')}</Tag>}
          {p.discrepancyWarning && (
            <Tooltip title={t('upstream.recon.tagHelp', { amount: `${p.discrepancy} ${p.currency}` })}>
              <Tag color="red" data-testid={`provider-discrepancy-${p.id}`}>
                {t('upstream.recon.tag', { amount: p.discrepancy })}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('upstream.fields.traffic'),
      key: 'traffic',
      render: (_, p) => (
        <Space direction="vertical" size={0} data-testid={`provider-traffic-${p.id}`}>
          <span>{t('upstream.traffic', { requests: p.requestsPerMinute, errors: p.errorsPerMinute })}</span>
          <Typography.Text type={p.errorsLastHour > 0 ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
            {t('upstream.trafficHour', {
              requests: p.requestsLastHour,
              errors: p.errorsLastHour,
              rate: p.requestsLastHour ? Math.round((100 * p.errorsLastHour) / p.requestsLastHour) : 0,
            })}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('upstream.fields.open'), dataIndex: 'openActivations' },
    {
      title: t('upstream.fields.offers'),
      key: 'offers',
      render: (_, p) => (
        <Space size={4}>
          <span>{p.offers}</span>
          {p.unmapped > 0 && <Tag color="orange">{t('upstream.unmappedCount', { count: p.unmapped })}</Tag>}
        </Space>
      ),
    },
    {
      title: t('upstream.fields.lastError'),
      key: 'lastError',
      ellipsis: true,
      render: (_, p) =>
        p.lastError ? (
          <Tooltip title={`${when(p.lastErrorAt)} ${p.lastError}`}>
            <Typography.Text type="danger" data-testid={`provider-error-${p.id}`}>
              {p.lastError}
            </Typography.Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: t('upstream.fields.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, p) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!can('admin:upstream:edit')}
          onChange={(next) => {
            const {
              id,
              name,
              protocol,
              baseUrl,
              currency,
              rateToUsdt,
              marginPercent,
              marginFixed,
              priceCeiling,
              priority,
              lowBalance,
            } = p;
            toggle.mutate({
              id,
              name,
              protocol,
              baseUrl,
              currency,
              rateToUsdt,
              marginPercent,
              marginFixed,
              priceCeiling,
              priority,
              lowBalance,
              enabled: next,
            });
          }}
        />
      ),
    },
    {
      title: t('upstream.actions'),
      key: 'actions',
      render: (_, p) => (
        <Space size={4} wrap>
          {can('admin:upstream:test') && (
            <Button
              size="small"
              loading={test.isPending && test.variables === p.id}
              onClick={() => test.mutate(p.id)}
              data-testid={`provider-test-${p.id}`}
            >
              {t('upstream.test')}
            </Button>
          )}
          {can('admin:upstream:edit') && (
            <Button
              size="small"
              onClick={() => setForm({ open: true, editing: p })}
              data-testid={`provider-edit-${p.id}`}
            >
              {t('upstream.edit')}
            </Button>
          )}
          <Button size="small" onClick={() => setMappingsOf(p.id)} data-testid={`provider-mappings-${p.id}`}>
            {t('upstream.mappings')}
          </Button>
          <Button size="small" onClick={() => setStateOf(p.id)} data-testid={`provider-state-${p.id}`}>
            {t('upstream.stateButton')}
          </Button>
          <Button size="small" onClick={() => setRulesOf(p.id)} data-testid={`provider-rules-${p.id}`}>
            {t('upstream.rules.button')}
          </Button>
          <Button
            size="small"
            onClick={() => setReconOf(p.id)}
            data-testid={`provider-reconciliation-${p.id}`}
          >
            {t('upstream.recon.button')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('upstream.title')}
      extra={
        can('admin:upstream:add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ open: true, editing: null })}
            data-testid="provider-add"
          >
            {t('upstream.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('upstream.intro')}</Typography.Paragraph>
      {lowBalance.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('upstream.lowBalanceAlert', { names: lowBalance.map((p) => p.name).join(', ') })}
          data-testid="providers-low-balance"
        />
      )}
      {discrepant.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('upstream.recon.listAlert', { names: discrepant.map((p) => p.name).join(', ') })}
          data-testid="providers-discrepancy"
        />
      )}
      <DataTable<UpstreamProvider>
        cards
        rowKey="id"
        loading={providers.isLoading}
        columns={columns}
        dataSource={providers.data ?? []}
        pagination={false}
        data-testid="providers-table"
      />
      <ProviderFormModal
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
      <MappingsModal providerId={mappingsOf} onClose={() => setMappingsOf(null)} />
      <StateModal providerId={stateOf} onClose={() => setStateOf(null)} />
      <ReconciliationModal providerId={reconOf} onClose={() => setReconOf(null)} />
      <PriceRulesModal
        providerId={rulesOf}
        canEdit={can('admin:upstream:edit')}
        onClose={() => setRulesOf(null)}
      />
    </Card>
  );
}
