import type { UpstreamMapping } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { overrideMapping, PROVIDERS_KEY, useMappings } from '../api/providers';

/** Every code the provider answered with, what it maps to, and the administrator's overrides. */
export function MappingsModal({ providerId, onClose }: { providerId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mappings = useMappings(providerId);
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: overrideMapping,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY }),
  });
  const keyOf = (m: UpstreamMapping) => `${m.kind}|${m.code}`;
  const columns: TableColumnsType<UpstreamMapping> = [
    {
      title: t('upstream.mapping.code'),
      dataIndex: 'code',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      title: t('upstream.mapping.kind'),
      dataIndex: 'kind',
      render: (kind: string) => t(`upstream.mapping.kinds.${kind}`),
    },
    { title: t('upstream.mapping.auto'), dataIndex: 'autoRef', render: (v: string | null) => v ?? '—' },
    {
      title: t('upstream.mapping.effective'),
      dataIndex: 'effectiveRef',
      render: (v: string | null) =>
        v ? <Tag color="green">{v}</Tag> : <Tag color="orange">{t('upstream.mapping.unmapped')}</Tag>,
    },
    {
      title: t('upstream.mapping.override'),
      key: 'actions',
      render: (_, m) => (
        <Space.Compact>
          <Input
            size="small"
            style={{ width: 90 }}
            placeholder={m.overrideRef ?? ''}
            value={drafts[keyOf(m)] ?? ''}
            onChange={(e) => setDrafts({ ...drafts, [keyOf(m)]: e.target.value })}
            data-testid={`mapping-input-${m.kind}-${m.code}`}
          />
          <Button
            size="small"
            onClick={() =>
              providerId !== null &&
              save.mutate({
                id: providerId,
                kind: m.kind,
                code: m.code,
                ref: drafts[keyOf(m)]?.trim() || null,
              })
            }
            data-testid={`mapping-save-${m.kind}-${m.code}`}
          >
            {t('upstream.save')}
          </Button>
        </Space.Compact>
      ),
    },
  ];
  return (
    <Modal
      open={providerId !== null}
      title={t('upstream.mappings')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('upstream.mappingHelp')}</Typography.Paragraph>
      <DataTable<UpstreamMapping>
        rowKey={keyOf}
        size="small"
        loading={mappings.isLoading}
        columns={columns}
        dataSource={mappings.data ?? []}
        pagination={{ pageSize: 20 }}
        data-testid="mappings-table"
      />
    </Modal>
  );
}
