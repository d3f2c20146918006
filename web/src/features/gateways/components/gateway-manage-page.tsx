import { PlusOutlined } from '@ant-design/icons';
import { GATEWAY_KINDS, type Gateway, type GatewayWithSecret } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import {
  deleteGateway,
  GATEWAYS_KEY,
  regenerateGatewaySecret,
  updateGateway,
  useGateways,
} from '../api/gateways';
import { GatewayFormModal } from './gateway-form-modal';
import { GatewayHowto, webhookUrlOf } from './gateway-howto';
import { GatewaySecretModal } from './gateway-secret-modal';
import { SmppModal } from './smpp-modal';
import { TestSmsCard } from './test-sms-card';
import { useCan } from './use-can';

/** Admin, phone management: inbound gateways (webhook URL, secret once, how-to per kind) and the test SMS tool. */
export default function GatewayManagePage() {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const table = useUrlTable();
  const { filters } = table.query;
  const gateways = useGateways(table.apiParams);
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  const [secretOf, setSecretOf] = useState<GatewayWithSecret | null>(null);
  const [howtoOf, setHowtoOf] = useState<Gateway | null>(null);
  const [smppOf, setSmppOf] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });
  const toggle = useMutation({ mutationFn: updateGateway, onSuccess: refresh });
  const regenerate = useMutation({
    mutationFn: regenerateGatewaySecret,
    onSuccess: (gateway) => {
      void refresh();
      setSecretOf(gateway);
    },
  });
  const remove = useMutation({
    mutationFn: deleteGateway,
    onSuccess: async () => {
      await refresh();
      void message.success(t('gateways.deleted'));
    },
  });
  const canEdit = can('admin:gateway:edit');
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : t('gateways.never'));

  const columns: TableColumnsType<Gateway> = [
    {
      title: t('gateways.fields.name'),
      dataIndex: 'name',
      sorter: true,
      render: (name: string, row) => (
        <Space size={4} wrap>
          <Typography.Text strong>{name}</Typography.Text>
          {row.demo && <Tag color="purple">{t('gateways.demo')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('gateways.fields.kind'),
      dataIndex: 'kind',
      width: 170,
      render: (kind: Gateway['kind']) => <Tag color="blue">{t(`gateways.kinds.${kind}`)}</Tag>,
    },
    {
      title: t('gateways.webhookUrl'),
      key: 'url',
      render: (_, row) => (
        <Typography.Text
          copyable={{ text: webhookUrlOf(row.webhookPath) }}
          code
          data-testid={`gateway-url-${row.id}`}
        >
          {row.webhookPath}
        </Typography.Text>
      ),
    },
    {
      title: t('gateways.fields.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, row) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!canEdit}
          loading={toggle.isPending && toggle.variables?.id === row.id}
          onChange={(next) => toggle.mutate({ id: row.id, enabled: next })}
          data-testid={`gateway-enabled-${row.id}`}
        />
      ),
    },
    { title: t('gateways.fields.lastSeen'), dataIndex: 'lastSeenAt', sorter: true, render: when },
    {
      title: t('gateways.fields.today'),
      key: 'today',
      render: (_, row) => (
        <Space size={4} wrap data-testid={`gateway-counts-${row.id}`}>
          <Tag color="green">{t('gateways.received', { count: row.receivedToday })}</Tag>
          <Tag color={row.rejectedToday ? 'red' : 'default'}>
            {t('gateways.rejected', { count: row.rejectedToday })}
          </Tag>
        </Space>
      ),
    },
    {
      title: t('gateways.actions'),
      key: 'actions',
      width: 260,
      render: (_, row) => (
        <Space size={0} wrap>
          {row.kind === 'smpp' && (
            <Button
              type="link"
              size="small"
              onClick={() => setSmppOf(row.id)}
              data-testid={`gateway-smpp-${row.id}`}
            >
              {t('smpp.open', { status: t(`smpp.status.${String(row.state.status ?? 'stopped')}`) })}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            onClick={() => setHowtoOf(row)}
            data-testid={`gateway-howto-open-${row.id}`}
          >
            {t('gateways.howtoButton')}
          </Button>
          {canEdit && (
            <Popconfirm title={t('gateways.regenerateConfirm')} onConfirm={() => regenerate.mutate(row.id)}>
              <Button type="link" size="small" data-testid={`gateway-regenerate-${row.id}`}>
                {t('gateways.regenerate')}
              </Button>
            </Popconfirm>
          )}
          <RowActions
            onDelete={can('admin:gateway:del') ? () => remove.mutateAsync(row.id) : undefined}
            editLabel={t('gateways.edit')}
            deleteLabel={t('gateways.delete')}
            deleteTestId={`gateway-delete-${row.id}`}
            confirmTitle={t('gateways.deleteConfirm')}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card
        title={t('gateways.title')}
        extra={
          // Outbound connectors of mass SMS live on a sibling page (features/mass-sms).
          can('admin:sms-connector:list') && (
            <Link to="/dashboard/admin/sms-connectors" data-testid="to-sms-connectors">
              {t('gateways.toConnectors')}
            </Link>
          )
        }
        data-testid="gateway-manage"
      >
        <Typography.Paragraph type="secondary">{t('gateways.intro')}</Typography.Paragraph>
        <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t('gateways.searchPlaceholder')}
              defaultValue={filters.keyword}
              onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
              style={{ width: 220 }}
            />
            <Select
              allowClear
              placeholder={t('gateways.fields.kind')}
              value={filters.kind}
              options={GATEWAY_KINDS.map((value) => ({ value, label: t(`gateways.kinds.${value}`) }))}
              onChange={(kind) => table.setFilters({ ...filters, kind })}
              style={{ width: 200 }}
            />
          </Space>
          {can('admin:gateway:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setFormOpen(true)}
              data-testid="gateway-add"
            >
              {t('gateways.add')}
            </Button>
          )}
        </Space>
        <DataTable<Gateway>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={gateways.data?.list}
          loading={gateways.isFetching}
          pagination={table.pagination(gateways.data?.total)}
          onChange={(pagination, tableFilters, sorter) =>
            table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
          }
          data-testid="gateway-table"
        />
      </Card>
      {can('admin:gateway:test') && <TestSmsCard />}
      <GatewayFormModal
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onCreated={(g) => {
          setFormOpen(false);
          setSecretOf(g);
        }}
      />
      <GatewaySecretModal gateway={secretOf} onClose={() => setSecretOf(null)} />
      <SmppModal gatewayId={smppOf} canEdit={canEdit} onClose={() => setSmppOf(null)} />
      <Modal
        open={howtoOf !== null}
        title={howtoOf ? t('gateways.howtoTitle', { kind: t(`gateways.kinds.${howtoOf.kind}`) }) : ''}
        onCancel={() => setHowtoOf(null)}
        footer={null}
        width={640}
        destroyOnHidden
      >
        {howtoOf && <GatewayHowto kind={howtoOf.kind} url={webhookUrlOf(howtoOf.webhookPath)} />}
      </Modal>
    </>
  );
}
