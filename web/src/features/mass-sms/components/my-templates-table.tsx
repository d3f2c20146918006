import { PlusOutlined } from '@ant-design/icons';
import { SMS_TEMPLATE_STATUSES, type SmsTemplate } from '@jiema/shared';
import { Button, Input, Select, Space } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import { TEMPLATES_KEY } from '../api/keys';
import { deleteTemplate, useOwnTemplates } from '../api/templates';
import { templateColumns } from './template-columns';
import { TemplateFormModal } from './template-form-modal';
import { useMassSmsMutation } from './use-mass-sms-mutation';

/** The caller's own templates: create, edit (back to review), delete. */
export function MyTemplatesTable() {
  const { t } = useTranslation();
  const table = useUrlTable();
  const { filters } = table.query;
  const templates = useOwnTemplates(table.apiParams);
  const [editing, setEditing] = useState<SmsTemplate | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const remove = useMassSmsMutation(deleteTemplate, {
    invalidate: [TEMPLATES_KEY],
    success: t('mass-sms.deleted'),
  });
  const sortOrder = (field: string): SortOrder | undefined =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;
  const open = (row: SmsTemplate | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('mass-sms.templates.search')}
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            placeholder={t('mass-sms.templates.fields.status')}
            value={filters.status}
            options={SMS_TEMPLATE_STATUSES.map((value) => ({
              value,
              label: t(`mass-sms.templateStatus.${value}`),
            }))}
            onChange={(status) => table.setFilters({ ...filters, status })}
            style={{ width: 140 }}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid="template-add">
          {t('mass-sms.templates.add')}
        </Button>
      </Space>
      <DataTable<SmsTemplate>
        rowKey="id"
        size="middle"
        columns={[
          ...templateColumns(t, sortOrder),
          {
            title: t('mass-sms.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                onEdit={() => open(row)}
                editLabel={t('mass-sms.edit')}
                editTestId={`template-edit-${row.id}`}
                onDelete={() => remove.mutateAsync(row.id)}
                deleteLabel={t('mass-sms.delete')}
                deleteTestId={`template-delete-${row.id}`}
                confirmTitle={t('mass-sms.templates.deleteConfirm')}
              />
            ),
          },
        ]}
        dataSource={templates.data?.list}
        loading={templates.isFetching}
        pagination={table.pagination(templates.data?.total)}
        onChange={(p, f, s) => table.onTableChange(p, f, s as SorterResult<unknown>)}
        scroll={{ x: 'max-content' }}
        data-testid="template-table"
      />
      <TemplateFormModal open={formOpen} template={editing} onClose={() => setFormOpen(false)} />
    </>
  );
}
