import type { SweepResult } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportSettings, sweepNow } from '../api/admin-tools';

/**
 * One-off operations: the expiry sweep run now (what it did is shown), the settings export, and the
 * way to the gateways screen's "send a test SMS" tool, which injects an inbound SMS (not duplicated here).
 */
export function MaintenancePanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [swept, setSwept] = useState<SweepResult | null>(null);
  const sweep = useMutation({ mutationFn: sweepNow, onSuccess: setSwept });
  const exporting = useMutation({
    mutationFn: exportSettings,
    onSuccess: () => void message.success(t('admin-tools.settings.done')),
  });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('admin-tools.sweep.title')} data-testid="tool-sweep">
        <Typography.Paragraph type="secondary">{t('admin-tools.sweep.intro')}</Typography.Paragraph>
        <Popconfirm
          title={t('admin-tools.sweep.confirm')}
          onConfirm={() => sweep.mutate()}
          disabled={!canEdit}
        >
          <Button type="primary" loading={sweep.isPending} disabled={!canEdit} data-testid="tool-sweep-run">
            {t('admin-tools.sweep.run')}
          </Button>
        </Popconfirm>
        {swept && (
          <Descriptions
            size="small"
            bordered
            column={1}
            style={{ marginTop: 16, maxWidth: 480 }}
            data-testid="tool-sweep-result"
            items={(['ended', 'refunded', 'cooled'] as const).map((key) => ({
              key,
              label: t(`admin-tools.sweep.${key}`),
              children: swept[key],
            }))}
          />
        )}
      </Card>
      <Card title={t('admin-tools.settings.title')} data-testid="tool-settings">
        <Typography.Paragraph type="secondary">{t('admin-tools.settings.intro')}</Typography.Paragraph>
        <Button
          onClick={() => exporting.mutate()}
          loading={exporting.isPending}
          disabled={!canEdit}
          data-testid="tool-settings-export"
        >
          {t('admin-tools.settings.export')}
        </Button>
      </Card>
      <Card title={t('admin-tools.inject.title')} data-testid="tool-inject">
        <Typography.Paragraph type="secondary">{t('admin-tools.inject.intro')}</Typography.Paragraph>
        <Link to="/dashboard/admin/gateways" data-testid="tool-inject-link">
          {t('admin-tools.inject.open')}
        </Link>
      </Card>
    </Space>
  );
}
