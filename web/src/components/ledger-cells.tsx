import { LEDGER_DIRECTION, type LedgerType } from '@jiema/shared';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const TYPE_COLORS: Record<LedgerType, string> = {
  recharge: 'blue',
  consume: 'orange',
  refund: 'cyan',
  reward: 'green',
  deduction: 'red',
};

/** A transaction type of spec §4, translated. */
export function LedgerTypeTag({ type }: { type: LedgerType }) {
  const { t } = useTranslation();
  return <Tag color={TYPE_COLORS[type]}>{t(`finance.types.${type}`)}</Tag>;
}

/** A signed amount as the exact string the server sent, green for credits and red for debits. */
export function SignedAmount({ amount, type }: { amount: string; type: LedgerType }) {
  const credit = LEDGER_DIRECTION[type] === 1 && !amount.startsWith('-');
  return (
    <Typography.Text
      type={credit ? 'success' : 'danger'}
      style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
    >
      {credit ? `+${amount}` : amount}
    </Typography.Text>
  );
}

/** A balance or amount without sign colouring. */
export function Money({ value }: { value: string }) {
  return <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{value}</span>;
}
