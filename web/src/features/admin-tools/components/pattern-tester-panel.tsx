import type { ToolPatternTestResult } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testPatterns } from '../api/admin-tools';

type Values = {
  senderPattern: string;
  keywordPattern: string;
  codePattern: string;
  userPattern: string;
  sender: string;
  text: string;
};

const codeTag = (code: string | null, none: string) =>
  code === null ? (
    <Typography.Text type="secondary">{none}</Typography.Text>
  ) : (
    <Tag color="green">{code}</Tag>
  );

/**
 * Tries an application's patterns (and a user's own) on a sample SMS on the server, through the
 * inbound path's own attribution and extraction (re2js), so the answer is what a rental would
 * receive: the code, the rule that gave it, and why every other number was set aside.
 */
export function PatternTesterPanel() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [result, setResult] = useState<ToolPatternTestResult | null>(null);
  const run = useMutation({ mutationFn: testPatterns, onSuccess: setResult });
  const none = t('admin-tools.pattern.none');

  return (
    <Card title={t('admin-tools.pattern.title')} data-testid="pattern-tester">
      <Typography.Paragraph type="secondary">{t('admin-tools.pattern.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ sender: 'Telegram' }}
        onFinish={(values) => run.mutate(values)}
      >
        <Form.Item
          name="codePattern"
          label={t('admin-tools.pattern.codePattern')}
          extra={t('admin-tools.pattern.re2')}
        >
          <Input
            maxLength={200}
            placeholder={String.raw`code[:：\s]*(\d{4,8})`}
            data-testid="tool-code-pattern"
          />
        </Form.Item>
        <Form.Item
          name="userPattern"
          label={t('admin-tools.pattern.userPattern')}
          extra={t('admin-tools.pattern.userPatternHelp')}
        >
          <Input maxLength={200} data-testid="tool-user-pattern" />
        </Form.Item>
        <Form.Item name="senderPattern" label={t('admin-tools.pattern.senderPattern')}>
          <Input maxLength={200} data-testid="tool-sender-pattern" />
        </Form.Item>
        <Form.Item name="keywordPattern" label={t('admin-tools.pattern.keywordPattern')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="sender" label={t('admin-tools.pattern.sender')}>
          <Input maxLength={256} data-testid="tool-sender" />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('admin-tools.pattern.text')}
          rules={[{ required: true, message: t('validation.toolSampleRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={4096} data-testid="tool-sample" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={run.isPending} data-testid="tool-pattern-run">
          {t('admin-tools.pattern.run')}
        </Button>
      </Form>
      {result && (
        <Descriptions
          bordered
          size="small"
          column={1}
          style={{ marginTop: 16, maxWidth: 640 }}
          data-testid="tool-pattern-result"
          items={[
            {
              key: 'code',
              label: t('admin-tools.pattern.code'),
              children: (
                <span data-testid="tool-pattern-code">
                  {codeTag(result.code, none)}
                  {result.rule && (
                    <Typography.Text type="secondary">
                      {t(`admin-tools.pattern.rule.${result.rule}`)}
                    </Typography.Text>
                  )}
                </span>
              ),
            },
            {
              key: 'attributed',
              label: t('admin-tools.pattern.attributed'),
              children: result.attributed ? (
                <Tag color="blue">{t('admin-tools.pattern.yes')}</Tag>
              ) : (
                <Tag>{t('admin-tools.pattern.no')}</Tag>
              ),
            },
            {
              key: 'pattern',
              label: t('admin-tools.pattern.patternCode'),
              children: codeTag(result.patternCode, none),
            },
            {
              key: 'general',
              label: t('admin-tools.pattern.generalCode'),
              children: codeTag(result.generalCode, none),
            },
            {
              key: 'rejected',
              label: t('admin-tools.pattern.rejected'),
              children: (
                <Space direction="vertical" size={4} data-testid="tool-pattern-rejected">
                  {result.rejected.length === 0 && <Typography.Text type="secondary">{none}</Typography.Text>}
                  {result.rejected.map((r) => (
                    // The server lists each text once per reason, so the two make a key.
                    <span key={`${r.reason}:${r.text}`}>
                      <Tag style={{ maxWidth: '100%', whiteSpace: 'normal', wordBreak: 'break-all' }}>
                        {r.text}
                      </Tag>
                      <Typography.Text type="secondary">
                        {t(`admin-tools.pattern.reason.${r.reason}`)}
                      </Typography.Text>
                    </span>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
