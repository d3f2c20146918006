import { type AdminUser, DEFAULT_PERMISSIONS, USER_TYPE } from '@jiema/shared';
import { Alert, App, Button, Drawer, Radio, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useUser } from '../api/get-user';
import { useSetUserPermissions } from '../api/set-user-permissions';
import {
  effectiveHolds,
  i18nKey,
  type Override,
  permissionGroups,
  permissionLabelKey,
} from '../lib/permission-groups';

type Row = { permission: string; group: string; groupSize: number; first: boolean };

/**
 * Every permission name, grouped by area: whether the user's type gives it by default, the
 * individual override (as the type says / grant / revoke) and what the user holds as a result.
 */
export function PermissionsDrawer({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const detail = useUser(user?.userId ?? null);
  const save = useSetUserPermissions();
  const [overrides, setOverrides] = useState<Record<string, Override>>({});

  useEffect(() => {
    if (!detail.data) return;
    const next: Record<string, Override> = {};
    for (const p of detail.data.grants) next[p] = 'grant';
    for (const p of detail.data.revokes) next[p] = 'revoke';
    setOverrides(next);
  }, [detail.data]);

  const rows = useMemo<Row[]>(
    () =>
      permissionGroups().flatMap((group) =>
        group.permissions.map((permission, i) => ({
          permission,
          group: group.key,
          groupSize: group.permissions.length,
          first: i === 0,
        })),
      ),
    [],
  );

  const userType = detail.data?.userType ?? user?.userType ?? USER_TYPE.AGENT;
  const defaults = DEFAULT_PERMISSIONS[userType];
  const held = rows.filter((r) =>
    effectiveHolds(userType, r.permission, overrides[r.permission] ?? 'inherit'),
  ).length;
  const set = (permission: string, value: Override) => setOverrides((o) => ({ ...o, [permission]: value }));

  const columns: TableColumnsType<Row> = [
    {
      title: t('users.permissions.group'),
      dataIndex: 'group',
      width: 150,
      onCell: (row) => ({ rowSpan: row.first ? row.groupSize : 0 }),
      render: (group: string) => (
        <Typography.Text strong>{t(`users.permissions.groups.${i18nKey(group)}`)}</Typography.Text>
      ),
    },
    {
      title: t('users.permissions.permission'),
      dataIndex: 'permission',
      render: (permission: string) => (
        <Space orientation="vertical" size={0}>
          <span>{t(permissionLabelKey(permission))}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
            {permission}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('users.permissions.typeDefault'),
      key: 'default',
      width: 110,
      render: (_, row) =>
        defaults.includes(row.permission) ? (
          <Tag color="blue">{t('users.permissions.fromType')}</Tag>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: t('users.permissions.override'),
      key: 'override',
      width: 250,
      render: (_, row) => (
        <Radio.Group
          size="small"
          optionType="button"
          value={overrides[row.permission] ?? 'inherit'}
          onChange={(e) => set(row.permission, e.target.value)}
          options={[
            { value: 'inherit', label: t('users.permissions.inherit') },
            { value: 'grant', label: t('users.permissions.grant') },
            { value: 'revoke', label: t('users.permissions.revoke') },
          ]}
          data-testid={`permission-${row.permission}`}
        />
      ),
    },
    {
      title: t('users.permissions.effective'),
      key: 'effective',
      width: 90,
      render: (_, row) =>
        effectiveHolds(userType, row.permission, overrides[row.permission] ?? 'inherit') ? (
          <Tag color="green">{t('users.permissions.held')}</Tag>
        ) : (
          <Tag>{t('users.permissions.notHeld')}</Tag>
        ),
    },
  ];

  const submit = () => {
    if (!user) return;
    const entries = Object.entries(overrides);
    save.mutate(
      {
        id: user.userId,
        grants: entries.filter(([, v]) => v === 'grant').map(([p]) => p),
        revokes: entries.filter(([, v]) => v === 'revoke').map(([p]) => p),
      },
      {
        onSuccess: () => {
          void message.success(t('users.permissions.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open={!!user}
      onClose={onClose}
      size={960}
      title={t('users.permissions.title', { username: user?.username })}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!detail.data}
            onClick={submit}
            data-testid="permissions-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
      data-testid="permissions-drawer"
    >
      {userType === USER_TYPE.ADMIN ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('users.permissions.adminHoldsAll')}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('users.permissions.summary', {
            type: t(`common.userType.${userType}`),
            defaults: defaults.length,
            held,
            total: rows.length,
          })}
        />
      )}
      <DataTable<Row>
        rowKey="permission"
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        loading={detail.isFetching}
        pagination={false}
      />
    </Drawer>
  );
}
