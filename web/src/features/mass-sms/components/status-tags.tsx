import type { CampaignStatus, OutboundStatus, SmsTemplateStatus } from '@jiema/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const TEMPLATE_COLORS: Record<SmsTemplateStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};
const CAMPAIGN_COLORS: Record<CampaignStatus, string> = {
  scheduled: 'purple',
  sending: 'processing',
  paused: 'gold',
  completed: 'green',
  cancelled: 'default',
};
const MESSAGE_COLORS: Record<OutboundStatus, string> = {
  pending: 'default',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
};

export function TemplateStatusTag({ status }: { status: SmsTemplateStatus }) {
  const { t } = useTranslation();
  return <Tag color={TEMPLATE_COLORS[status]}>{t(`mass-sms.templateStatus.${status}`)}</Tag>;
}

export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return <Tag color={CAMPAIGN_COLORS[status]}>{t(`mass-sms.campaignStatus.${status}`)}</Tag>;
}

export function MessageStatusTag({ status }: { status: OutboundStatus }) {
  const { t } = useTranslation();
  return <Tag color={MESSAGE_COLORS[status]}>{t(`mass-sms.messageStatus.${status}`)}</Tag>;
}
