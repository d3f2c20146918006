import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { TronAddress } from '@jiema/shared';
import {
  App,
  Button,
  Card,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useUrlTable } from '../../../lib/use-url-table';
import { deleteTronAddress } from '../api/delete-tron-address';
import { exportTronAddresses } from '../api/export-tron-addresses';
import { useTronAddresses } from '../api/list-tron-addresses';
import { setTronAddressEnabled } from '../api/set-tron-address-enabled';
import { HdWalletCard } from './hd-wallet-card';
import { TronAddressFormModal } from './tron-address-form-modal';
import { useCan } from './use-can';
import { useTronMutation } from './use-tron-mutation';
import { WatcherHealthCard } from './watcher-health-card';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-');

/** Admin: the pool of USDT-TRC20 receiving addresses that users' deposit addresses come from. */
export default function TronAddressManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const table = useUrlTable();
  const { filters } = table.query;
  const addresses = useTronAddresses(table.apiParams);
  const [editing, setEditing] = useState<TronAddress | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const canEdit = can('admin:tron:edit');

  const toggle = useTronMutation(setTronAddressEnabled, t('tron.saved'));
  const remove = useTronMutation(deleteTronAddress, t('tron.deleted'));
  const sortOrder = (field: string): SortOrder | undefined =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;

  const openForm = (row: TronAddress | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      const { keyword, enabled, assigned } = filters;
      await exportTronAddresses({ keyword, enabled, assigned });
      void message.success(t('tron.exported'));
    } catch {
      // the HTTP layer has said why
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<TronAddress> = [
    {
      title: t('tron.fields.address'),
      dataIndex: 'address',
      sorter: true,
      sortOrder: sortOrder('address'),
      render: (address: string) => (
        <Typography.Text copyable style={mono} data-testid="tron-address-cell">
          {address}
        </Typography.Text>
      ),
    },
    {
      title: t('tron.fields.label'),
      dataIndex: 'label',
      sorter: true,
      sortOrder: sortOrder('label'),
      render: (label: string, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{label}</Typography.Text>
          {row.note && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: row.note }}>
              {row.note}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('tron.fields.assignedTo'),
      dataIndex: 'assignedUsername',
      sorter: true,
      key: 'assignedAt',
      sortOrder: sortOrder('assignedAt'),
      render: (username: string | null, row) =>
        username ? (
          <Space direction="vertical" size={0}>
            <Tag color="blue">{username}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {time(row.assignedAt)}
            </Typography.Text>
          </Space>
        ) : row.shared ? (
          <Tag color="purple">{t('tron.shared')}</Tag>
        ) : (
          <Tag>{t('tron.free')}</Tag>
        ),
    },
    {
      title: t('tron.fields.received'),
      dataIndex: 'receivedTotal',
      align: 'right',
      render: (total: string) => <Typography.Text style={mono}>{total} USDT</Typography.Text>,
    },
    {
      title: t('tron.fields.enabled'),
      dataIndex: 'enabled',
      sorter: true,
      sortOrder: sortOrder('enabled'),
      width: 110,
      render: (enabled: boolean, row) =>
        canEdit ? (
          <Switch
            size="small"
            checked={enabled}
            loading={toggle.isPending && toggle.variables?.id === row.id}
            onChange={(next) => toggle.mutate({ id: row.id, enabled: next })}
            checkedChildren={t('tron.on')}
            unCheckedChildren={t('tron.off')}
            data-testid={`tron-enabled-${row.id}`}
          />
        ) : (
          <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('tron.enabled') : t('tron.disabled')}</Tag>
        ),
    },
    {
      title: t('tron.fields.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      width: 150,
      render: time,
    },
    {
      title: t('tron.actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <Space size={0}>
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() => openForm(row)}
              data-testid={`tron-edit-${row.id}`}
            >
              {t('tron.edit')}
            </Button>
          )}
          {can('admin:tron:del') &&
            (row.assignedUserId ? (
              <Tooltip title={t('tron.cannotDeleteAssigned')}>
                <Button type="link" size="small" danger disabled>
                  {t('tron.delete')}
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('tron.deleteConfirm')}
                okButtonProps={{ danger: true }}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove.mutateAsync(row.id)}
              >
                <Button type="link" size="small" danger data-testid={`tron-delete-${row.id}`}>
                  {t('tron.delete')}
                </Button>
              </Popconfirm>
            ))}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('tron.title')} data-testid="tron-address-manage">
      <Typography.Paragraph type="secondary">{t('tron.intro')}</Typography.Paragraph>
      <WatcherHealthCard />
      <HdWalletCard />
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('tron.searchPlaceholder')}
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
            style={{ width: 280 }}
            data-testid="tron-search"
          />
          <Select
            allowClear
            placeholder={t('tron.fields.enabled')}
            value={filters.enabled}
            options={[
              { value: 'true', label: t('tron.enabled') },
              { value: 'false', label: t('tron.disabled') },
            ]}
            onChange={(enabled) => table.setFilters({ ...filters, enabled })}
            style={{ width: 120 }}
          />
          <Select
            allowClear
            placeholder={t('tron.fields.assignedTo')}
            value={filters.assigned}
            options={[
              { value: 'true', label: t('tron.assigned') },
              { value: 'false', label: t('tron.free') },
            ]}
            onChange={(assigned) => table.setFilters({ ...filters, assigned })}
            style={{ width: 140 }}
          />
        </Space>
        <Space wrap>
          {can('admin:tron:export') && (
            <Button
              icon={<DownloadOutlined />}
              onClick={handleExport}
              loading={exporting}
              data-testid="tron-export"
            >
              {t('tron.export')}
            </Button>
          )}
          {can('admin:tron:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openForm(null)}
              data-testid="tron-add"
            >
              {t('tron.add')}
            </Button>
          )}
        </Space>
      </Space>
      <DataTable<TronAddress>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={addresses.data?.list}
        loading={addresses.isFetching}
        pagination={table.pagination(addresses.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        data-testid="tron-table"
      />
      <TronAddressFormModal open={formOpen} address={editing} onClose={() => setFormOpen(false)} />
    </Card>
  );
}
