import type { AuditLog } from '@jiema/shared';
import { Descriptions, Modal, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { formatTime } from '../../../lib/date-range';
import { type DiffRow, diffRecords, showValue } from '../lib/diff';

const cell = (value: unknown) =>
  value === undefined ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <Typography.Text code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
      {showValue(value)}
    </Typography.Text>
  );

/** One audit row: who, what, when, and its before/after records side by side, changes highlighted. */
export function AuditDiffModal({ log, onClose }: { log: AuditLog | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [onlyChanged, setOnlyChanged] = useState(true);
  const rows = log ? diffRecords(log.before, log.after) : [];
  const shown = onlyChanged ? rows.filter((r) => r.changed) : rows;

  const columns: TableColumnsType<DiffRow> = [
    {
      title: t('audit.diff.field'),
      dataIndex: 'path',
      width: '26%',
      render: (path: string) => <Typography.Text strong>{path || '-'}</Typography.Text>,
    },
    { title: t('audit.diff.before'), dataIndex: 'before', width: '37%', render: cell },
    { title: t('audit.diff.after'), dataIndex: 'after', width: '37%', render: cell },
  ];

  return (
    <Modal
      open={!!log}
      onCancel={onClose}
      footer={null}
      width={860}
      title={t('audit.diff.title')}
      destroyOnHidden
      data-testid="audit-diff"
    >
      {log && (
        <>
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'time', label: t('audit.columns.createdAt'), children: formatTime(log.createdAt) },
              {
                key: 'actor',
                label: t('audit.columns.actor'),
                children: `${log.actorName} (#${log.actorId ?? '-'})`,
              },
              {
                key: 'action',
                label: t('audit.columns.action'),
                children: (
                  <Tag color="geekblue">{t(`audit.actions.${log.action}`, { defaultValue: log.action })}</Tag>
                ),
              },
              {
                key: 'entity',
                label: t('audit.columns.entity'),
                children: `${t(`audit.entities.${log.entity}`, { defaultValue: log.entity })} ${log.entityId}`,
              },
              { key: 'ip', label: t('audit.columns.ip'), children: log.ip || '-' },
            ]}
          />
          <div style={{ marginBottom: 8, textAlign: 'right' }}>
            <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} />{' '}
            <Typography.Text type="secondary">{t('audit.diff.onlyChanged')}</Typography.Text>
          </div>
          <DataTable<DiffRow>
            rowKey="path"
            size="small"
            columns={columns}
            dataSource={shown}
            pagination={false}
            scroll={{ y: 420 }}
            onRow={(row) => ({ style: row.changed ? { background: 'rgba(250, 173, 20, 0.12)' } : undefined })}
            locale={{ emptyText: t('audit.diff.noChanges') }}
          />
        </>
      )}
    </Modal>
  );
}
