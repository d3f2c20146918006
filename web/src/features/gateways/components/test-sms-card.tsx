import type { TestSmsResult } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Checkbox, Descriptions, Form, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendTestSms, useTestSmsNumbers } from '../api/test-sms';

type Values = { number: string; sender: string; text: string; voice: boolean };

/** "Send a test SMS": through the same path as a gateway, then where it went (rental, user, application, code). */
export function TestSmsCard() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const numbers = useTestSmsNumbers(keyword);
  const [result, setResult] = useState<TestSmsResult | null>(null);
  const send = useMutation({ mutationFn: sendTestSms, onSuccess: setResult });
  const english = i18n.language === 'en-US';

  return (
    <Card title={t('gateways.testSms.title')} data-testid="test-sms-card" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('gateways.testSms.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ sender: 'Telegram', voice: false }}
        onFinish={(values) => send.mutate(values)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="number"
          label={t('gateways.testSms.number')}
          rules={[{ required: true, message: t('validation.testSmsNumber') }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder={t('gateways.testSms.numberPlaceholder')}
            loading={numbers.isFetching}
            data-testid="test-sms-number"
            options={(numbers.data ?? []).map((n) => ({
              value: n.number,
              label: `${n.number}${n.demo ? ` · ${t('gateways.demo')}` : ''} · ${t('gateways.testSms.holders', { count: n.rentals })}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="sender" label={t('gateways.testSms.sender')}>
          <Input maxLength={64} data-testid="test-sms-sender" />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('gateways.testSms.text')}
          rules={[{ required: true, message: t('validation.testSmsTextRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={1000} data-testid="test-sms-text" />
        </Form.Item>
        <Form.Item name="voice" valuePropName="checked">
          <Checkbox>{t('gateways.testSms.voice')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="test-sms-send">
          {t('gateways.testSms.send')}
        </Button>
      </Form>
      {result && (
        <Descriptions
          bordered
          size="small"
          column={1}
          style={{ marginTop: 16 }}
          data-testid="test-sms-result"
          title={t('gateways.testSms.resultTitle')}
        >
          <Descriptions.Item label={t('gateways.testSms.number')}>{result.phoneNumber}</Descriptions.Item>
          <Descriptions.Item label={t('gateways.testSms.rental')}>
            {result.rentalId ? (
              `#${result.rentalId} · ${result.orderNo ?? ''}`
            ) : (
              <Tag color="orange">{t('gateways.testSms.unattributed')}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('gateways.testSms.user')}>{result.username ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('gateways.testSms.application')}>
            {result.application ? (english ? result.application.nameEn : result.application.nameZh) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('gateways.testSms.code')}>
            {result.code ? (
              <Typography.Text strong copyable data-testid="test-sms-code">
                {result.code}
              </Typography.Text>
            ) : (
              t('gateways.testSms.noCode')
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
