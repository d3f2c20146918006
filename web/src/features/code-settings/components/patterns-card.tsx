import { type CodeSettings, ZCodePatternUpdate } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { zodFieldRule } from '../../../lib/form-rules';
import {
  CODE_SETTINGS_KEY,
  deletePattern,
  savePattern,
  testPattern,
  useApplications,
} from '../api/code-settings';

/** My extraction pattern per application, checked by the server's RE2, with a box to try one. */
export function PatternsCard({ settings }: { settings: CodeSettings }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const applications = useApplications();
  const [form] = Form.useForm<{ applicationId: number; pattern: string; sample: string }>();
  const [result, setResult] = useState<{ matched: boolean; code: string | null } | null>(null);
  const name = (zh: string, en: string) => (i18n.language === 'zh-CN' ? zh : en);
  const done = (data: CodeSettings) => {
    client.setQueryData(CODE_SETTINGS_KEY, data);
    void message.success(t('code-settings.saved'));
  };
  const save = useMutation({
    mutationFn: (v: { applicationId: number; pattern: string }) => savePattern(v.applicationId, v.pattern),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: deletePattern, onSuccess: done });
  const tryIt = useMutation({
    mutationFn: () => testPattern(form.getFieldValue('pattern') ?? '', form.getFieldValue('sample') ?? ''),
    onSuccess: setResult,
  });

  return (
    <Card title={t('code-settings.patterns.title')}>
      <Typography.Paragraph type="secondary">{t('code-settings.patterns.help')}</Typography.Paragraph>
      <DataTable
        rowKey="applicationId"
        size="small"
        pagination={false}
        dataSource={settings.patterns}
        data-testid="patterns-table"
        locale={{ emptyText: t('code-settings.patterns.none') }}
        columns={[
          {
            title: t('code-settings.patterns.application'),
            key: 'app',
            render: (_, p) => `${name(p.applicationNameZh, p.applicationNameEn)} (${p.applicationCode})`,
          },
          {
            title: t('code-settings.patterns.pattern'),
            dataIndex: 'pattern',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          {
            title: t('code-settings.patterns.actions'),
            key: 'actions',
            render: (_, p) => (
              <Flex gap={4}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => form.setFieldsValue({ applicationId: p.applicationId, pattern: p.pattern })}
                >
                  {t('code-settings.patterns.edit')}
                </Button>
                <Popconfirm
                  title={t('code-settings.patterns.confirmDelete')}
                  onConfirm={() => remove.mutate(p.applicationId)}
                >
                  <Button type="link" size="small" danger>
                    {t('code-settings.patterns.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <Form form={form} layout="vertical" style={{ marginTop: 16 }} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="applicationId"
          label={t('code-settings.patterns.application')}
          rules={[{ required: true, message: t('code-settings.patterns.chooseApplication') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="pattern-application"
            style={{ maxWidth: 320 }}
            options={(applications.data ?? []).map((a) => ({
              value: a.id,
              label: `${name(a.nameZh, a.nameEn)} (${a.code})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="pattern"
          label={t('code-settings.patterns.pattern')}
          extra={t('code-settings.patterns.patternHelp')}
          rules={[zodFieldRule(ZCodePatternUpdate, 'pattern', t)]}
        >
          <Input
            placeholder={String.raw`code[:\s]+(\d{4,8})`}
            style={{ fontFamily: 'monospace' }}
            data-testid="pattern-input"
          />
        </Form.Item>
        <Form.Item name="sample" label={t('code-settings.patterns.sample')}>
          <Input.TextArea
            rows={2}
            placeholder={t('code-settings.patterns.samplePlaceholder')}
            data-testid="pattern-sample"
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button onClick={() => tryIt.mutate()} loading={tryIt.isPending} data-testid="pattern-test">
            {t('code-settings.patterns.test')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="pattern-save">
            {t('code-settings.patterns.save')}
          </Button>
        </Flex>
        {result ? (
          <Typography.Paragraph
            style={{ marginTop: 12 }}
            data-testid="pattern-result"
            type={result.matched ? 'success' : 'warning'}
          >
            {result.matched
              ? t('code-settings.patterns.found', { code: result.code })
              : t('code-settings.patterns.notFound')}
          </Typography.Paragraph>
        ) : null}
      </Form>
    </Card>
  );
}
