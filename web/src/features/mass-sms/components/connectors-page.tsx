import { PlusOutlined } from '@ant-design/icons';
import type { Connector } from '@jiema/shared';
import { Button, Card, Space, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { deleteConnector, updateConnector, useConnectors } from '../api/connectors';
import { CONNECTORS_KEY } from '../api/keys';
import { ConnectorFormModal } from './connector-form-modal';
import { ConnectorTestModal } from './connector-test-modal';
import { useCan } from './use-can';
import { useMassSmsMutation } from './use-mass-sms-mutation';

const STATE_COLORS: Record<string, string> = {
  bound: 'green',
  connecting: 'gold',
  stopped: 'default',
  error: 'red',
};

/** Admin: the connectors mass SMS goes out through, with routing by prefix and priority (a sibling of the gateway screen). */
export default function ConnectorsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const connectors = useConnectors();
  const [editing, setEditing] = useState<Connector | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [testing, setTesting] = useState<Connector | null>(null);
  const canEdit = can('admin:sms-connector:edit');
  const toggle = useMassSmsMutation(updateConnector, {
    invalidate: [CONNECTORS_KEY],
    success: t('mass-sms.connectors.saved'),
  });
  const remove = useMassSmsMutation(deleteConnector, {
    invalidate: [CONNECTORS_KEY],
    success: t('mass-sms.deleted'),
  });
  const open = (row: Connector | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  const columns: TableColumnsType<Connector> = [
    { title: t('mass-sms.connectors.name'), dataIndex: 'name' },
    {
      title: t('mass-sms.connectors.kind'),
      dataIndex: 'kind',
      render: (k: Connector['kind']) => <Tag>{t(`mass-sms.connectors.kinds.${k}`)}</Tag>,
    },
    {
      title: t('mass-sms.connectors.prefixes'),
      dataIndex: 'prefixes',
      render: (p: string[]) =>
        p.length ? (
          p.map((x) => <Tag key={x}>{x}</Tag>)
        ) : (
          <Typography.Text type="secondary">{t('mass-sms.connectors.allDestinations')}</Typography.Text>
        ),
    },
    { title: t('mass-sms.connectors.priority'), dataIndex: 'priority' },
    {
      title: t('mass-sms.connectors.state'),
      key: 'state',
      render: (_, c) =>
        c.state ? (
          <Space direction="vertical" size={0}>
            <Tag color={STATE_COLORS[c.state.status] ?? 'default'}>{c.state.status}</Tag>
            {c.state.lastError && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {c.state.lastError}
              </Typography.Text>
            )}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('mass-sms.connectors.last24h'),
      key: 'last24h',
      render: (_, c) => (
        <Space size={2} wrap>
          <Tag color="blue">{c.last24h.sent}</Tag>
          <Tag color="green">{c.last24h.delivered}</Tag>
          <Tag color="red">{c.last24h.failed}</Tag>
        </Space>
      ),
    },
    {
      title: t('mass-sms.connectors.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, c) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!canEdit}
          loading={toggle.isPending && toggle.variables?.id === c.id}
          onChange={(next) => toggle.mutate({ id: c.id, enabled: next })}
          data-testid={`connector-enabled-${c.id}`}
        />
      ),
    },
    {
      title: t('mass-sms.actions'),
      key: 'actions',
      render: (_, c) => (
        <Space size={4}>
          {can('admin:sms-connector:test') && (
            <Button size="small" onClick={() => setTesting(c)} data-testid={`connector-test-${c.id}`}>
              {t('mass-sms.connectors.test')}
            </Button>
          )}
          <RowActions
            onEdit={canEdit ? () => open(c) : undefined}
            editLabel={t('mass-sms.edit')}
            editTestId={`connector-edit-${c.id}`}
            onDelete={can('admin:sms-connector:del') ? () => remove.mutateAsync(c.id) : undefined}
            deleteLabel={t('mass-sms.delete')}
            deleteTestId={`connector-delete-${c.id}`}
            confirmTitle={t('mass-sms.connectors.deleteConfirm')}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('mass-sms.connectors.title')}
      extra={<Link to="/dashboard/admin/gateways">{t('mass-sms.connectors.toGateways')}</Link>}
      data-testid="connectors-page"
    >
      <Typography.Paragraph type="secondary">{t('mass-sms.connectors.intro')}</Typography.Paragraph>
      {can('admin:sms-connector:add') && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => open(null)}
          style={{ marginBottom: 16 }}
          data-testid="connector-add"
        >
          {t('mass-sms.connectors.add')}
        </Button>
      )}
      <DataTable<Connector>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={connectors.data}
        loading={connectors.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="connector-table"
      />
      <ConnectorFormModal open={formOpen} connector={editing} onClose={() => setFormOpen(false)} />
      <ConnectorTestModal connector={testing} onClose={() => setTesting(null)} />
    </Card>
  );
}
