import type { SendPreview } from '@jiema/shared';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export type SendBlockedReason = 'noValid' | 'invalid' | 'tooLong' | 'balance' | 'limits';

/** Why the preview cannot be sent as it is; null when it can. */
export function sendBlockedReason(preview: SendPreview): SendBlockedReason | null {
  if (preview.validCount === 0) return 'noValid';
  if (preview.tooLongCount > 0) return 'tooLong';
  if (!preview.cost.balanceSufficient) return 'balance';
  if (!preview.quota.withinLimits) return 'limits';
  if (preview.invalidCount > 0) return 'invalid';
  return null;
}

/**
 * Under the disabled send button: the reason it is disabled, and, when the only obstacle is lines
 * that are not numbers, the offer to send to the valid ones (the server skips the rest on request).
 */
export function SendBlockedNotice({
  preview,
  reason,
  busy,
  onSendValid,
}: {
  preview: SendPreview;
  reason: SendBlockedReason;
  busy: boolean;
  onSendValid: () => void;
}) {
  const { t } = useTranslation();
  const duplicates = preview.duplicateCount
    ? ` ${t('mass-sms.send.blocked.duplicates', { count: preview.duplicateCount })}`
    : '';
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="send-blocked"
      message={`${t(`mass-sms.send.blocked.${reason}`, { count: preview.invalidCount })}${duplicates}`}
      // Under the text, not beside it: at 390 px a side button squeezed the reason into a narrow column.
      description={
        reason === 'invalid' ? (
          <Button size="small" disabled={busy} onClick={onSendValid} data-testid="send-valid-only">
            {t('mass-sms.send.blocked.sendValid', { count: preview.validCount })}
          </Button>
        ) : undefined
      }
    />
  );
}
