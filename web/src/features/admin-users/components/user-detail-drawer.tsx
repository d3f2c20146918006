import { WalletOutlined } from '@ant-design/icons';
import type { AdminLedgerEntry, AdminUser, LoginRecord } from '@jiema/shared';
import {
  Badge,
  Button,
  Descriptions,
  Drawer,
  Space,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { LedgerTypeTag, Money, SignedAmount } from '../../../components/ledger-cells';
import { LedgerTypeSelect } from '../../../components/ledger-type-select';
import { formatTime } from '../../../lib/date-range';
import { useLoginRecords } from '../api/get-login-records';
import { useUser } from '../api/get-user';
import { useUserLedger } from '../api/get-user-ledger';
import { UserOrdersTab } from './user-orders-tab';
import { UserTypeTag } from './user-type-tag';

function LedgerTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<{ page: number; pageSize: number; type?: string }>({
    page: 1,
    pageSize: 10,
  });
  const ledger = useUserLedger(userId, params);
  const columns: TableColumnsType<AdminLedgerEntry> = [
    { title: t('finance.columns.createdAt'), dataIndex: 'createdAt', render: formatTime, width: 170 },
    {
      title: t('finance.columns.type'),
      dataIndex: 'type',
      render: (type) => <LedgerTypeTag type={type} />,
      width: 90,
    },
    {
      title: t('finance.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount, row) => <SignedAmount amount={amount} type={row.type} />,
    },
    {
      title: t('finance.columns.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (v) => <Money value={v} />,
    },
    { title: t('finance.columns.note'), dataIndex: 'note', ellipsis: true, render: (note) => note || '-' },
    {
      title: t('finance.columns.actor'),
      dataIndex: 'actorName',
      width: 100,
      render: (a) => a ?? t('finance.system'),
    },
  ];
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <LedgerTypeSelect value={params.type} onChange={(type) => setParams({ ...params, type, page: 1 })} />
      </div>
      <DataTable<AdminLedgerEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={ledger.data?.list}
        loading={ledger.isFetching}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: ledger.data?.total ?? 0,
          showTotal: (count) => t('common.total', { count }),
          onChange: (page, pageSize) => setParams({ ...params, page, pageSize }),
        }}
        locale={{ emptyText: t('users.detail.noLedger') }}
        data-testid="user-ledger"
      />
    </>
  );
}

function LoginsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useState({ page: 1, pageSize: 10 });
  const logins = useLoginRecords(userId, params);
  const columns: TableColumnsType<LoginRecord> = [
    { title: t('users.detail.loginTime'), dataIndex: 'createdAt', render: formatTime, width: 170 },
    {
      title: t('users.detail.loginResult'),
      dataIndex: 'reason',
      width: 130,
      render: (reason: string, row) => (
        <Badge
          status={row.success ? 'success' : 'error'}
          text={t(`users.detail.loginReasons.${reason}`, { defaultValue: reason })}
        />
      ),
    },
    { title: t('users.detail.loginAccount'), dataIndex: 'account', width: 140, ellipsis: true },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    { title: t('users.detail.userAgent'), dataIndex: 'userAgent', ellipsis: true },
  ];
  return (
    <DataTable<LoginRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={logins.data?.list}
      loading={logins.isFetching}
      pagination={{
        current: params.page,
        pageSize: params.pageSize,
        total: logins.data?.total ?? 0,
        showTotal: (count) => t('common.total', { count }),
        onChange: (page, pageSize) => setParams({ page, pageSize }),
      }}
      locale={{ emptyText: t('users.detail.noLogins') }}
      data-testid="user-logins"
    />
  );
}

/** One user: the account, then their ledger, orders and login records. */
export function UserDetailDrawer({
  userId,
  onClose,
  onAdjust,
}: {
  userId: number | null;
  onClose: () => void;
  onAdjust?: (user: AdminUser) => void;
}) {
  const { t } = useTranslation();
  const detail = useUser(userId);
  const user = detail.data;

  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      size={920}
      title={user ? `${user.username} (#${user.userId})` : t('users.detail.title')}
      loading={!user}
      destroyOnHidden
      extra={
        user &&
        onAdjust && (
          <Button icon={<WalletOutlined />} onClick={() => onAdjust(user)} data-testid="detail-adjust">
            {t('users.actions.adjust')}
          </Button>
        )
      }
      data-testid="user-detail"
    >
      {user && (
        <>
          <Descriptions
            size="small"
            bordered
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'username', label: t('users.fields.username'), children: user.username },
              { key: 'nickName', label: t('users.fields.nickName'), children: user.nickName || '-' },
              { key: 'email', label: t('users.fields.email'), children: user.email },
              {
                key: 'type',
                label: t('users.fields.userType'),
                children: (
                  <Space size={4}>
                    <UserTypeTag type={user.userType} />
                    {user.builtIn && <Tag color="gold">{t('users.builtIn')}</Tag>}
                  </Space>
                ),
              },
              {
                key: 'status',
                label: t('users.fields.status'),
                children: (
                  <Badge
                    status={user.enabled ? 'success' : 'default'}
                    text={user.enabled ? t('users.status.enabled') : t('users.status.disabled')}
                  />
                ),
              },
              {
                key: 'balance',
                label: t('users.fields.balance'),
                children: (
                  <Typography.Text strong data-testid="detail-balance">
                    <Money value={user.balance} /> USDT
                  </Typography.Text>
                ),
              },
              { key: 'points', label: t('users.fields.points'), children: user.points },
              {
                key: 'permissions',
                label: t('users.fields.permissions'),
                children: t('users.detail.permissionCount', {
                  count: user.permissions.length,
                  grants: user.grants.length,
                  revokes: user.revokes.length,
                }),
              },
              {
                key: 'createTime',
                label: t('users.fields.createTime'),
                children: formatTime(user.createTime),
              },
              { key: 'registerIp', label: t('users.fields.registerIp'), children: user.registerIp ?? '-' },
              {
                key: 'lastLogin',
                label: t('users.fields.lastLogin'),
                children: formatTime(user.lastLoginTime),
              },
              { key: 'lastLoginIp', label: t('users.fields.lastLoginIp'), children: user.lastLoginIp ?? '-' },
            ]}
          />
          <Tabs
            items={[
              {
                key: 'ledger',
                label: t('users.detail.ledger'),
                children: <LedgerTab userId={user.userId} />,
              },
              {
                key: 'orders',
                label: t('users.detail.orders'),
                children: <UserOrdersTab userId={user.userId} />,
              },
              {
                key: 'logins',
                label: t('users.detail.logins'),
                children: <LoginsTab userId={user.userId} />,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
