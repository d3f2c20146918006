import { SMS_TEMPLATE_STATUSES, type SmsTemplate } from '@jiema/shared';
import type { ButtonProps } from 'antd';
import { Button, Input, Popconfirm, Select, Space } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useUrlTable } from '../../../lib/use-url-table';
import { TEMPLATES_KEY } from '../api/keys';
import { approveTemplate, useReviewTemplates } from '../api/templates';
import { RejectModal } from './reject-modal';
import { templateColumns } from './template-columns';
import { useMassSmsMutation } from './use-mass-sms-mutation';

/** Reviewers: every user's templates, pending first by default; approve, or reject with a reason. */
export function ReviewTemplatesTable() {
  const { t } = useTranslation();
  const table = useUrlTable();
  const { filters } = table.query;
  const params = { status: 'pending', ...table.apiParams };
  const templates = useReviewTemplates(params, true);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const approve = useMassSmsMutation(approveTemplate, {
    invalidate: [TEMPLATES_KEY],
    success: t('mass-sms.review.approved'),
  });
  const sortOrder = (field: string): SortOrder | undefined =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('mass-sms.review.username')}
          defaultValue={filters.username}
          onSearch={(username) => table.setFilters({ ...filters, username })}
          style={{ width: 200 }}
        />
        <Select
          placeholder={t('mass-sms.templates.fields.status')}
          value={params.status}
          options={SMS_TEMPLATE_STATUSES.map((value) => ({
            value,
            label: t(`mass-sms.templateStatus.${value}`),
          }))}
          onChange={(status) => table.setFilters({ ...filters, status })}
          style={{ width: 140 }}
          data-testid="review-status"
        />
      </Space>
      <DataTable<SmsTemplate>
        rowKey="id"
        size="middle"
        columns={[
          { title: t('mass-sms.review.owner'), dataIndex: 'username' },
          ...templateColumns(t, sortOrder),
          {
            title: t('mass-sms.actions'),
            key: 'actions',
            render: (_, row) =>
              row.status === 'pending' ? (
                <Space>
                  <Popconfirm
                    title={t('mass-sms.review.approveConfirm')}
                    onConfirm={() => approve.mutateAsync(row.id)}
                    okButtonProps={{ 'data-testid': `approve-confirm-${row.id}` } as ButtonProps}
                  >
                    <Button size="small" type="primary" data-testid={`template-approve-${row.id}`}>
                      {t('mass-sms.review.approve')}
                    </Button>
                  </Popconfirm>
                  <Button
                    size="small"
                    danger
                    onClick={() => setRejecting(row.id)}
                    data-testid={`template-reject-${row.id}`}
                  >
                    {t('mass-sms.review.reject')}
                  </Button>
                </Space>
              ) : (
                row.reviewedBy &&
                `${row.reviewedBy} · ${row.reviewedAt ? new Date(row.reviewedAt).toLocaleString() : ''}`
              ),
          },
        ]}
        dataSource={templates.data?.list}
        loading={templates.isFetching}
        pagination={table.pagination(templates.data?.total)}
        onChange={(p, f, s) => table.onTableChange(p, f, s as SorterResult<unknown>)}
        scroll={{ x: 'max-content' }}
        data-testid="review-table"
      />
      <RejectModal templateId={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
