import { PlusOutlined } from '@ant-design/icons';
import { CONTACT_TYPES, type Contact, contactHref } from '@jiema/shared';
import { Button, Card, Input, Select, Space, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactIcon } from '../../../components/contacts/contact-icon';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import { deleteContact } from '../api/delete-contact';
import { useContacts } from '../api/list-contacts';
import { setContactEnabled } from '../api/set-contact-enabled';
import { ContactFormModal } from './contact-form-modal';
import { useCan } from './use-can';
import { useContactMutation } from './use-contact-mutation';

/** Admin: the channels the public contact page shows (Telegram, WhatsApp, email, WeChat, QQ, phone, links). */
export default function ContactManagePage() {
  const { t } = useTranslation();
  const can = useCan();
  const table = useUrlTable();
  const { filters } = table.query;
  const contacts = useContacts(table.apiParams);
  const [editing, setEditing] = useState<Contact | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const canEdit = can('admin:contact:edit');

  const toggle = useContactMutation(setContactEnabled, t('contacts.saved'));
  const remove = useContactMutation(deleteContact, t('contacts.deleted'));
  const sortOrder = (field: string): SortOrder | undefined =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;
  const openForm = (row: Contact | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  const columns: TableColumnsType<Contact> = [
    {
      title: t('contacts.fields.type'),
      dataIndex: 'type',
      sorter: true,
      sortOrder: sortOrder('type'),
      width: 130,
      render: (type: Contact['type']) => (
        <Tag icon={<ContactIcon type={type} />} color="blue">
          {t(`contacts.types.${type}`)}
        </Tag>
      ),
    },
    {
      title: t('contacts.fields.label'),
      key: 'label',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{row.labelZh}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.labelEn || '-'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('contacts.fields.value'),
      dataIndex: 'value',
      render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
    },
    {
      title: t('contacts.fields.link'),
      key: 'link',
      render: (_, row) => {
        const href = contactHref(row);
        return href ? (
          <Typography.Link
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            ellipsis
            style={{ maxWidth: 240 }}
          >
            {href}
          </Typography.Link>
        ) : (
          '-'
        );
      },
    },
    {
      title: t('contacts.fields.sortOrder'),
      dataIndex: 'sortOrder',
      sorter: true,
      sortOrder: sortOrder('sortOrder'),
      width: 90,
    },
    {
      title: t('contacts.fields.enabled'),
      dataIndex: 'enabled',
      sorter: true,
      sortOrder: sortOrder('enabled'),
      width: 100,
      render: (enabled: boolean, row) =>
        canEdit ? (
          <Switch
            size="small"
            checked={enabled}
            loading={toggle.isPending && toggle.variables?.id === row.id}
            onChange={(next) => toggle.mutate({ id: row.id, enabled: next })}
            checkedChildren={t('contacts.shown')}
            unCheckedChildren={t('contacts.hidden')}
            data-testid={`contact-enabled-${row.id}`}
          />
        ) : (
          <Tag color={enabled ? 'green' : 'default'}>
            {enabled ? t('contacts.shown') : t('contacts.hidden')}
          </Tag>
        ),
    },
    {
      title: t('contacts.actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <RowActions
          onEdit={canEdit ? () => openForm(row) : undefined}
          editLabel={t('contacts.edit')}
          editTestId={`contact-edit-${row.id}`}
          onDelete={can('admin:contact:del') ? () => remove.mutateAsync(row.id) : undefined}
          deleteLabel={t('contacts.delete')}
          deleteTestId={`contact-delete-${row.id}`}
          confirmTitle={t('contacts.deleteConfirm')}
        />
      ),
    },
  ];

  return (
    <Card title={t('contacts.title')} data-testid="contact-manage">
      <Typography.Paragraph type="secondary">{t('contacts.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('contacts.searchPlaceholder')}
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
            style={{ width: 260 }}
            data-testid="contact-search"
          />
          <Select
            allowClear
            placeholder={t('contacts.fields.type')}
            value={filters.type}
            options={CONTACT_TYPES.map((value) => ({ value, label: t(`contacts.types.${value}`) }))}
            onChange={(type) => table.setFilters({ ...filters, type })}
            style={{ width: 140 }}
          />
        </Space>
        {can('admin:contact:add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openForm(null)}
            data-testid="contact-add"
          >
            {t('contacts.add')}
          </Button>
        )}
      </Space>
      <DataTable<Contact>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={contacts.data?.list}
        loading={contacts.isFetching}
        pagination={table.pagination(contacts.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        data-testid="contact-table"
      />
      <ContactFormModal open={formOpen} contact={editing} onClose={() => setFormOpen(false)} />
    </Card>
  );
}
