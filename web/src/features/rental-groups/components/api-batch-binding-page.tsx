import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import type { RentalGroup } from '@jiema/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { CopyButton, codeLink, monoStyle } from '../../../components/rental-cells';
import { formatTime } from '../../../lib/date-range';
import { useUrlTable } from '../../../lib/use-url-table';
import { deleteRentalGroup } from '../api/delete-rental-group';
import { RENTAL_GROUPS_KEY } from '../api/keys';
import { useRentalGroups } from '../api/list-rental-groups';
import { regenerateRentalGroupToken } from '../api/regenerate-rental-group-token';
import { GroupFormModal } from './group-form-modal';

/** Spec §2 api-batch-binding (API merge): group links, one code link for a chosen set of my numbers. */
export default function ApiBatchBindingPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const table = useUrlTable();
  const { filters } = table.query;
  const groups = useRentalGroups({ ...table.apiParams });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: RENTAL_GROUPS_KEY });

  const confirm = (group: RentalGroup, action: 'revoke' | 'regenerate') =>
    modal.confirm({
      title: t(`rental-groups.confirm.${action}Title`, { name: group.name }),
      content: t(`rental-groups.confirm.${action}Content`),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action === 'revoke' },
      onOk: async () => {
        if (action === 'revoke') await deleteRentalGroup(group.id);
        else await regenerateRentalGroupToken(group.id);
        void message.success(t(`rental-groups.done.${action}`));
        await refresh();
      },
    });

  const columns: TableColumnsType<RentalGroup> = [
    { title: t('rental-groups.columns.name'), dataIndex: 'name', sorter: true, ellipsis: true },
    { title: t('rental-groups.columns.members'), dataIndex: 'memberCount', width: 100, align: 'right' },
    {
      title: t('rental-groups.columns.link'),
      key: 'link',
      render: (_, g) => (
        // The link gives way (ellipsis) to the copy button, and never spills into the next column.
        <Flex gap={4} align="center" style={{ minWidth: 0 }}>
          <Typography.Text style={{ ...monoStyle, flex: 1, minWidth: 0 }} ellipsis>
            {codeLink(g.token)}
          </Typography.Text>
          <CopyButton text={codeLink(g.token)} link testId={`group-link-copy-${g.id}`} />
        </Flex>
      ),
    },
    {
      title: t('rental-groups.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      sorter: true,
      render: formatTime,
    },
    {
      title: t('rental-groups.columns.actions'),
      key: 'actions',
      width: 150,
      render: (_, g) => (
        <Space size={4}>
          <Tooltip title={t('rental-groups.actions.edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ id: g.id })}
              aria-label={t('rental-groups.actions.edit')}
              data-testid={`group-edit-${g.id}`}
            />
          </Tooltip>
          <Tooltip title={t('rental-groups.actions.regenerate')}>
            <Button
              size="small"
              icon={<SyncOutlined />}
              onClick={() => confirm(g, 'regenerate')}
              aria-label={t('rental-groups.actions.regenerate')}
              data-testid={`group-regenerate-${g.id}`}
            />
          </Tooltip>
          <Tooltip title={t('rental-groups.actions.revoke')}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirm(g, 'revoke')}
              aria-label={t('rental-groups.actions.revoke')}
              data-testid={`group-revoke-${g.id}`}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('rental-groups.title')}
      extra={
        <Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void groups.refetch()}
            loading={groups.isFetching}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ id: null })}
            data-testid="group-create"
          >
            {t('rental-groups.create')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('rental-groups.hint')}</Typography.Paragraph>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={filters.keyword}
          placeholder={t('rental-groups.search')}
          onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
          style={{ width: 240 }}
        />
      </Flex>
      <DataTable<RentalGroup>
        cards
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={groups.data?.list}
        loading={groups.isLoading}
        pagination={table.pagination(groups.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('rental-groups.empty') }}
        data-testid="groups-table"
      />
      <GroupFormModal
        open={editing !== null}
        groupId={editing?.id ?? null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
