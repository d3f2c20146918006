import type { DepositStatus } from '@jiema/shared';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

const STATUS_COLOR: Record<DepositStatus, string> = {
  seen: 'default',
  confirming: 'processing',
  credited: 'success',
  unmatched: 'warning',
  dropped: 'default',
};

export function DepositStatusTag({ status, testId }: { status: DepositStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={testId}>
      {t(`recharge.status.${status}`)}
    </Tag>
  );
}

/** A transaction id, shortened, linked to the TRON block explorer. */
export function TxLink({ txId }: { txId: string }) {
  return (
    <Typography.Link
      href={`https://tronscan.org/#/transaction/${txId}`}
      target="_blank"
      rel="noreferrer"
      copyable={{ text: txId }}
      style={{ ...mono, fontSize: 12 }}
    >
      {`${txId.slice(0, 10)}…${txId.slice(-8)}`}
    </Typography.Link>
  );
}

export const formatTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-';
