import {
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  SafetyOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { type AdminUser, USER_TYPES } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Dropdown,
  Input,
  type MenuProps,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/ledger-cells';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useSession } from '../../../lib/session-store';
import { useUrlTable } from '../../../lib/use-url-table';
import { useDeleteUser } from '../api/delete-user';
import { exportUsers } from '../api/export-users';
import { useUsers } from '../api/list-users';
import { useSetUserStatus } from '../api/set-user-status';
import { useCan } from '../lib/use-can';
import { AdjustBalanceModal } from './adjust-balance-modal';
import { CreateUserModal } from './create-user-modal';
import { EditUserModal } from './edit-user-modal';
import { PermissionsDrawer } from './permissions-drawer';
import { ResetPasswordModal } from './reset-password-modal';
import { UserDetailDrawer } from './user-detail-drawer';
import { UserTypeModal } from './user-type-modal';
import { UserTypeTag } from './user-type-tag';

type Dialog = 'edit' | 'type' | 'password' | 'permissions' | 'adjust';

/** Spec §2 admin/user-manage: users paged, searched and filtered (in the URL), and everything done to them. */
export default function UserManagePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const me = useSession().user;
  const table = useUrlTable();
  const { filters } = table.query;
  const filterParams = {
    keyword: filters.keyword,
    userType: filters.userType,
    enabled: filters.enabled,
    ...dateRangeParams(filters),
  };
  const users = useUsers({ ...table.apiParams, ...filterParams });
  const exporting = useMutation({ mutationFn: () => exportUsers(filterParams) });
  const status = useSetUserStatus();
  const remove = useDeleteUser();
  const [creating, setCreating] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ kind: Dialog; user: AdminUser } | null>(null);
  const open = (kind: Dialog, user: AdminUser) => setDialog({ kind, user });
  const dialogUser = (kind: Dialog) => (dialog?.kind === kind ? dialog.user : null);
  const closeDialog = () => setDialog(null);
  const sortOrder = (field: string) => (table.query.sortField === field ? table.query.sortOrder : null);
  // The server refuses these (issue 7): the built-in administrator is changed by nobody here, and
  // nobody changes their own type, permissions or balance; the menu says so before a click.
  const restricted = (user: AdminUser) => user.builtIn || user.userId === me?.userId;

  const toggle = (user: AdminUser, enabled: boolean) => {
    const run = () =>
      status.mutateAsync({ id: user.userId, enabled }).then(({ revokedSessions }) => {
        void message.success(
          enabled
            ? t('users.status.enabledDone')
            : t('users.status.disabledDone', { count: revokedSessions }),
        );
      });
    if (enabled) return void run();
    modal.confirm({
      title: t('users.status.disableTitle', { username: user.username }),
      content: t('users.status.disableWarning'),
      okText: t('users.status.disable'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: run,
    });
  };

  const confirmDelete = (user: AdminUser) =>
    modal.confirm({
      title: t('users.delete.title', { username: user.username }),
      content: t('users.delete.warning'),
      okText: t('users.delete.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync(user.userId)
          .then(() => void message.success(t('users.delete.done', { username: user.username }))),
    });

  const moreItems = (user: AdminUser): MenuProps['items'] => [
    ...(can('admin:user:edit')
      ? [
          {
            key: 'edit',
            icon: <EditOutlined />,
            label: t('users.actions.edit'),
            disabled: user.builtIn,
            onClick: () => open('edit', user),
          },
          {
            key: 'type',
            icon: <TeamOutlined />,
            label: t('users.actions.type'),
            disabled: restricted(user),
            onClick: () => open('type', user),
          },
          {
            key: 'password',
            icon: <KeyOutlined />,
            label: t('users.actions.password'),
            disabled: user.builtIn,
            onClick: () => open('password', user),
          },
          {
            key: 'permissions',
            icon: <SafetyOutlined />,
            label: t('users.actions.permissions'),
            disabled: restricted(user),
            onClick: () => open('permissions', user),
          },
        ]
      : []),
    ...(can('admin:user:del')
      ? [
          { type: 'divider' as const },
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            danger: true,
            disabled: restricted(user),
            label: t('users.actions.delete'),
            onClick: () => confirmDelete(user),
          },
        ]
      : []),
  ];

  const columns: TableColumnsType<AdminUser> = [
    { title: 'ID', dataIndex: 'userId', sorter: true, sortOrder: sortOrder('userId'), width: 80 },
    {
      title: t('users.fields.username'),
      dataIndex: 'username',
      sorter: true,
      sortOrder: sortOrder('username'),
      render: (username, user) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Link
              onClick={() => setDetailId(user.userId)}
              data-testid={`user-link-${user.username}`}
            >
              {username}
            </Typography.Link>
            {user.builtIn && <Tag color="gold">{t('users.builtIn')}</Tag>}
          </Space>
          {user.nickName && user.nickName !== username && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user.nickName}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('users.fields.email'),
      dataIndex: 'email',
      sorter: true,
      sortOrder: sortOrder('email'),
      ellipsis: true,
    },
    {
      title: t('users.fields.userType'),
      dataIndex: 'userType',
      sorter: true,
      sortOrder: sortOrder('userType'),
      width: 100,
      render: (type) => <UserTypeTag type={type} />,
    },
    {
      title: t('users.fields.balanceUsdt'),
      dataIndex: 'balance',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('balance'),
      render: (balance) => <Money value={balance} />,
    },
    {
      title: t('users.fields.status'),
      dataIndex: 'enabled',
      sorter: true,
      sortOrder: sortOrder('enabled'),
      width: 90,
      render: (enabled, user) => {
        const blocked = user.builtIn || (restricted(user) && enabled);
        const control = (
          <Switch
            size="small"
            checked={enabled}
            disabled={!can('admin:user:edit') || blocked}
            loading={status.isPending && status.variables?.id === user.userId}
            onChange={(next) => toggle(user, next)}
            data-testid={`user-enabled-${user.username}`}
          />
        );
        return blocked ? <Tooltip title={t('users.status.protected')}>{control}</Tooltip> : control;
      },
    },
    {
      title: t('users.fields.lastLogin'),
      dataIndex: 'lastLoginTime',
      sorter: true,
      sortOrder: sortOrder('lastLoginTime'),
      width: 170,
      render: (time, user) => (
        <Space orientation="vertical" size={0}>
          <span>{formatTime(time)}</span>
          {user.lastLoginIp && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user.lastLoginIp}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('users.fields.createTime'),
      dataIndex: 'createTime',
      sorter: true,
      sortOrder: sortOrder('createTime'),
      width: 170,
      render: formatTime,
    },
    {
      title: t('users.fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_, user) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetailId(user.userId)}>
            {t('users.actions.detail')}
          </Button>
          {can('admin:user:recharge') && (
            <Button
              type="link"
              size="small"
              disabled={restricted(user)}
              onClick={() => open('adjust', user)}
              data-testid={`user-adjust-${user.username}`}
            >
              {t('users.actions.adjust')}
            </Button>
          )}
          {(moreItems(user)?.length ?? 0) > 0 && (
            <Dropdown menu={{ items: moreItems(user) }} trigger={['click']}>
              <Button type="link" size="small" data-testid={`user-more-${user.username}`}>
                {t('users.actions.more')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('users.title')}
      extra={
        <Space>
          {can('admin:user:export') && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
              data-testid="users-export"
            >
              {t('users.export')}
            </Button>
          )}
          {can('admin:user:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="users-create"
            >
              {t('users.create.title')}
            </Button>
          )}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={`keyword-${filters.keyword ?? ''}`}
          allowClear
          style={{ width: 260 }}
          placeholder={t('users.filters.keyword')}
          defaultValue={filters.keyword}
          onSearch={(keyword) => table.setFilters({ ...filters, keyword: keyword.trim() })}
          data-testid="users-search"
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('users.filters.userType')}
          value={filters.userType}
          onChange={(userType) => table.setFilters({ ...filters, userType })}
          options={USER_TYPES.map((type) => ({ value: String(type), label: t(`common.userType.${type}`) }))}
          data-testid="users-type-filter"
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('users.filters.status')}
          value={filters.enabled}
          onChange={(enabled) => table.setFilters({ ...filters, enabled })}
          options={[
            { value: 'true', label: t('users.status.enabled') },
            { value: 'false', label: t('users.status.disabled') },
          ]}
          data-testid="users-status-filter"
        />
        <DatePicker.RangePicker
          value={rangeValue(filters)}
          placeholder={[t('users.filters.registeredFrom'), t('users.filters.registeredTo')]}
          onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
        />
      </Space>
      <DataTable<AdminUser>
        cards
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={users.data?.list}
        loading={users.isFetching}
        pagination={table.pagination(users.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        data-testid="users-table"
      />
      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
      <EditUserModal user={dialogUser('edit')} onClose={closeDialog} />
      <UserTypeModal user={dialogUser('type')} onClose={closeDialog} />
      <ResetPasswordModal user={dialogUser('password')} onClose={closeDialog} />
      <PermissionsDrawer user={dialogUser('permissions')} onClose={closeDialog} />
      <AdjustBalanceModal user={dialogUser('adjust')} onClose={closeDialog} />
      <UserDetailDrawer
        userId={detailId}
        onClose={() => setDetailId(null)}
        onAdjust={can('admin:user:recharge') ? (user) => open('adjust', user) : undefined}
      />
    </Card>
  );
}
