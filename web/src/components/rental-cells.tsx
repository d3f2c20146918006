import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import type { RentalStatus, ValidityKind } from '@jiema/shared';
import { App, Button, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';

const STATUS_COLORS: Record<RentalStatus, string> = {
  active: 'green',
  inactive: 'gold',
  suspended: 'red',
  expired: 'default',
  finished: 'blue',
  cancelled: 'default',
};

/** Spec §4 API statuses (and an activation's finished / cancelled), translated. */
export function RentalStatusTag({ status }: { status: RentalStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={`rental-status-${status}`}>
      {t(`rentals.status.${status}`)}
    </Tag>
  );
}

export function KindTag({ kind }: { kind: ValidityKind }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'activation' ? 'purple' : 'geekblue'}>{t(`rentals.kind.${kind}`)}</Tag>;
}

/** A validity as people say it: 20 minutes, 12 hours, 7 days. */
export function validityLabel(minutes: number, t: TFunction): string {
  if (minutes % 1440 === 0) return t('rentals.duration.days', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('rentals.duration.hours', { count: minutes / 60 });
  return t('rentals.duration.minutes', { count: minutes });
}

/** The public code link of a rental or an order token, on this site. */
export const codeLink = (token: string) => `${window.location.origin}/api/code/${token}`;

/** The name in the reader's language: Chinese under zh-CN, English otherwise. */
export function useLocalName() {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh-CN';
  return useCallback((nameZh: string, nameEn: string) => (zh ? nameZh : nameEn), [zh]);
}

/** The current time, ticking every `intervalMs` (countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left until `to`: `1d 02:03:04` / `02:03` (or null when it is past). */
export function remaining(to: string, now: number, t: TFunction): string | null {
  const seconds = Math.floor((Date.parse(to) - now) / 1000);
  if (seconds <= 0) return null;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const clock =
    hours > 0 || days > 0
      ? `${pad(hours)}:${pad(minutes)}:${pad(seconds % 60)}`
      : `${pad(minutes)}:${pad(seconds % 60)}`;
  return days > 0 ? t('rentals.remainingDays', { days, clock }) : clock;
}

/** Copies a text with the spec §8 success / failure messages. */
export function useCopy() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    async (text: string) => {
      if (await copyText(text)) void message.success(t('common.copySuccess'));
      else void message.error(t('common.copyFailed'));
    },
    [message, t],
  );
}

export function CopyButton({
  text,
  children,
  link = false,
  testId,
}: {
  text: string;
  children?: ReactNode;
  link?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  const button = (
    <Button
      size="small"
      type={children ? 'default' : 'text'}
      icon={link ? <LinkOutlined /> : <CopyOutlined />}
      onClick={() => void copy(text)}
      aria-label={t('common.copy')}
      data-testid={testId}
    >
      {children}
    </Button>
  );
  return children ? button : <Tooltip title={link ? text : t('common.copy')}>{button}</Tooltip>;
}

export const monoStyle = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;
