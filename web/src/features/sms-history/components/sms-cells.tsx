import type { PhoneUsageOutcome, SmsApplication } from '@jiema/shared';
import { Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../../components/app-icon';
import { CopyButton, monoStyle, useLocalName } from '../../../components/rental-cells';

/** An application as the lists show it: its icon (uploaded, brand mark or initials) and its name in the reader's language. */
export function AppCell({ app }: { app: SmsApplication | null }) {
  const name = useLocalName();
  if (!app) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space size={6}>
      <AppIcon app={app} size={20} />
      <span>{name(app.nameZh, app.nameEn)}</span>
    </Space>
  );
}

/** The application filter: any of `apps`, by id (kept as text in the URL). */
export function ApplicationSelect({
  apps,
  value,
  onChange,
  testId,
}: {
  apps: SmsApplication[] | undefined;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value ? Number(value) : undefined}
      placeholder={t('sms-history.filters.application')}
      onChange={(id?: number) => onChange(id === undefined ? undefined : String(id))}
      options={(apps ?? []).map((a) => ({ value: a.id, label: name(a.nameZh, a.nameEn) }))}
      optionRender={(option) => <AppCell app={apps?.find((a) => a.id === option.value) ?? null} />}
      style={{ width: 200 }}
      data-testid={testId}
    />
  );
}

/** An extracted code with its copy button, or a dash when the text had none. */
export function CodeCell({ code, testId }: { code: string | null; testId: string }) {
  const { t } = useTranslation();
  if (code === null) return <Typography.Text type="secondary">{t('sms-history.noCode')}</Typography.Text>;
  return (
    <Space size={4}>
      <Typography.Text strong style={{ ...monoStyle, fontSize: 16 }}>
        {code}
      </Typography.Text>
      <CopyButton text={code} testId={testId} />
    </Space>
  );
}

/** The whole SMS text, line breaks kept (a code is often on its own line). */
export function SmsText({ text }: { text: string }) {
  return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</span>;
}

const OUTCOME_COLORS: Record<PhoneUsageOutcome, string> = {
  code_received: 'success',
  refunded: 'warning',
  cancelled: 'default',
  finished: 'blue',
  expired: 'default',
  in_use: 'processing',
};

export function OutcomeTag({ outcome }: { outcome: PhoneUsageOutcome }) {
  const { t } = useTranslation();
  return (
    <Tag color={OUTCOME_COLORS[outcome]} data-testid={`phone-usage-outcome-${outcome}`}>
      {t(`sms-history.outcome.${outcome}`)}
    </Tag>
  );
}
