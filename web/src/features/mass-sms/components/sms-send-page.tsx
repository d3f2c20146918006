import { SendOutlined } from '@ant-design/icons';
import type { SendInput } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Button, Card, Col, DatePicker, Form, Input, Row, Space, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CAMPAIGNS_KEY, QUOTA_KEY } from '../api/keys';
import { createCampaign, previewSend } from '../api/send';
import { ContentCard, type ContentValue } from './content-card';
import { EMPTY_RECIPIENTS, RecipientsCard, type RecipientsValue } from './recipients-card';
import { SegmentInfo } from './segment-info';
import { SendBlockedNotice, sendBlockedReason } from './send-blocked-notice';
import { SendPreviewCard } from './send-preview-card';
import { useDebounced } from './use-debounced';
import { useMassSmsMutation } from './use-mass-sms-mutation';

/**
 * Mass send: recipients, content, sender ID and time; the server's preview (numbers normalised,
 * invalid and duplicate lines, segments, cost by plan) updates as the form changes; confirm sends.
 */
export default function SmsSendPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [recipients, setRecipients] = useState<RecipientsValue>(EMPTY_RECIPIENTS);
  const [countryCode, setCountryCode] = useState('');
  const [content, setContent] = useState<ContentValue>({
    mode: 'template',
    content: '',
    commonVariables: {},
  });
  const [senderId, setSenderId] = useState('');
  const [name, setName] = useState('');
  const [later, setLater] = useState(false);
  const [scheduledAt, setScheduledAt] = useState<Dayjs | null>(null);

  const input = useMemo<SendInput | null>(() => {
    const hasRecipients = recipients.recipientsText.trim() !== '' || recipients.recipients.length > 0;
    const hasContent =
      content.mode === 'template' ? content.templateId !== undefined : content.content.trim() !== '';
    if (!hasRecipients || !hasContent) return null;
    return {
      name: name.trim(),
      recipientsText: recipients.recipientsText,
      recipients: recipients.recipients,
      defaultCountryCode: countryCode,
      content: content.mode === 'text' ? content.content : '',
      ...(content.mode === 'template' ? { templateId: content.templateId } : {}),
      commonVariables: content.mode === 'template' ? content.commonVariables : {},
      senderId: senderId.trim(),
      skipInvalid: false,
      ...(later && scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}),
    };
  }, [recipients, countryCode, content, senderId, name, later, scheduledAt]);
  const settled = useDebounced(input, 500);
  const preview = useQuery({
    queryKey: ['mass-sms', 'preview', settled],
    queryFn: () => previewSend(settled!),
    enabled: settled !== null,
    retry: false,
    placeholderData: (previous) => previous,
  });
  const current = settled && preview.data ? preview.data : undefined;

  const send = useMassSmsMutation(createCampaign, {
    invalidate: [CAMPAIGNS_KEY, QUOTA_KEY],
    success: t('mass-sms.send.sent'),
    onDone: () => navigate('/dashboard/sms-order-manage'),
  });

  const confirm = (skipInvalid: boolean) => {
    if (!input || !current) return;
    modal.confirm({
      title: t('mass-sms.send.confirmTitle'),
      content: t('mass-sms.send.confirmText', {
        count: current.validCount,
        segments: current.cost.totalSegments,
        amount: current.cost.amount,
      }),
      okText: t('mass-sms.send.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'send-confirm-ok' } as ButtonProps,
      onOk: () =>
        send.mutateAsync({
          ...input,
          skipInvalid,
          requestKey: crypto.randomUUID(),
          expectedAmount: current.cost.amount,
        }),
    });
  };

  const reason = current ? sendBlockedReason(current) : null;
  const blocked = !current || preview.isFetching || reason !== null;

  return (
    <Card title={t('mass-sms.send.title')} data-testid="sms-send-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <RecipientsCard
              value={recipients}
              onChange={setRecipients}
              defaultCountryCode={countryCode}
              onCountryCodeChange={setCountryCode}
            />
            <ContentCard value={content} onChange={setContent} fileColumns={recipients.columns} />
            {content.mode === 'text' && <SegmentInfo text={content.content} testId="free-text-segments" />}
            <Card size="small" title={t('mass-sms.send.options')}>
              <Form layout="vertical">
                <Form.Item label={t('mass-sms.send.name')}>
                  <Input
                    value={name}
                    maxLength={64}
                    onChange={(e) => setName(e.target.value)}
                    data-testid="campaign-name"
                  />
                </Form.Item>
                <Form.Item label={t('mass-sms.send.senderId')} extra={t('mass-sms.send.senderIdHint')}>
                  <Input
                    value={senderId}
                    maxLength={15}
                    onChange={(e) => setSenderId(e.target.value)}
                    data-testid="sender-id"
                  />
                </Form.Item>
                <Form.Item label={t('mass-sms.send.scheduleLater')}>
                  <Space wrap>
                    <Switch checked={later} onChange={setLater} data-testid="schedule-switch" />
                    {later && (
                      <DatePicker
                        showTime
                        value={scheduledAt}
                        onChange={setScheduledAt}
                        disabledDate={(d) => d.isBefore(new Date(), 'day')}
                        data-testid="schedule-at"
                      />
                    )}
                  </Space>
                </Form.Item>
              </Form>
            </Card>
          </Space>
        </Col>
        <Col xs={24} lg={12}>
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <SendPreviewCard preview={current} loading={preview.isFetching} />
            {preview.isError && settled && (
              <Typography.Text type="danger" data-testid="preview-error">
                {(preview.error as Error).message}
              </Typography.Text>
            )}
            <Button
              type="primary"
              size="large"
              block
              icon={<SendOutlined />}
              disabled={blocked}
              loading={send.isPending}
              onClick={() => confirm(false)}
              data-testid="send-submit"
            >
              {later && scheduledAt ? t('mass-sms.send.schedule') : t('mass-sms.send.submit')}
            </Button>
            {current && reason && (
              <SendBlockedNotice
                preview={current}
                reason={reason}
                busy={preview.isFetching || send.isPending}
                onSendValid={() => confirm(true)}
              />
            )}
          </Space>
        </Col>
      </Row>
    </Card>
  );
}
