import type { SmsTemplate } from '@jiema/shared';
import type { TableColumnsType } from 'antd';
import { Space, Tag, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { TemplateStatusTag } from './status-tags';

/** The columns both template lists share: name, content with its variables, status (and reason), times. */
export function templateColumns(
  t: TFunction,
  sortOrder: (field: string) => SortOrder | undefined,
): TableColumnsType<SmsTemplate> {
  return [
    {
      title: t('mass-sms.templates.fields.name'),
      dataIndex: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
    },
    {
      title: t('mass-sms.templates.fields.content'),
      dataIndex: 'content',
      render: (content: string, row) => (
        <Space direction="vertical" size={2} style={{ maxWidth: 360 }}>
          <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {content}
          </Typography.Text>
          {row.variables.length > 0 && (
            <Space wrap size={2}>
              {row.variables.map((v) => (
                <Tag key={v}>{`{${v}}`}</Tag>
              ))}
            </Space>
          )}
        </Space>
      ),
    },
    {
      title: t('mass-sms.templates.fields.status'),
      dataIndex: 'status',
      sorter: true,
      sortOrder: sortOrder('status'),
      render: (status: SmsTemplate['status'], row) => (
        <Space direction="vertical" size={2}>
          <TemplateStatusTag status={status} />
          {row.rejectReason && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t('mass-sms.templates.rejectReason', { reason: row.rejectReason })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('mass-sms.templates.fields.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      sortOrder: sortOrder('updatedAt'),
      render: (value: string) => new Date(value).toLocaleString(),
    },
  ];
}
