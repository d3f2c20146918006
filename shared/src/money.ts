import { z } from 'zod';

/** Money is USDT with 6 decimals, carried as strings end to end: never a floating-point number. */
export const MONEY_SCALE = 6;
const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;

/** A positive amount typed by a person: up to 12 integer digits and 6 decimals. */
export const ZAmountInput = z
  .string({ error: 'validation.amountFormat' })
  .trim()
  .regex(DECIMAL, 'validation.amountFormat')
  .refine((v) => /[1-9]/.test(v), 'validation.amountFormat');

/** Normalises `1.5` to `1.500000` without floating point. */
export function formatMoney(value: string): string {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace(/^[-+]/, '').split('.');
  const normalized = `${BigInt(int || '0')}.${frac.padEnd(MONEY_SCALE, '0').slice(0, MONEY_SCALE)}`;
  return negative && /[1-9]/.test(normalized) ? `-${normalized}` : normalized;
}

/** Exact integer micro-units (1 USDT = 1,000,000), for sums and comparisons in code. */
export function toMicros(value: string): bigint {
  const [int, frac] = formatMoney(value).replace('-', '').split('.') as [string, string];
  const micros = BigInt(int) * 1_000_000n + BigInt(frac);
  return value.trim().startsWith('-') ? -micros : micros;
}

export function fromMicros(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const text = `${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(MONEY_SCALE, '0')}`;
  return negative ? `-${text}` : text;
}

export const LEDGER_TYPES = ['recharge', 'consume', 'refund', 'reward', 'deduction'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
/** Which way each transaction type moves a balance (spec §4). */
export const LEDGER_DIRECTION: Record<LedgerType, 1 | -1> = {
  recharge: 1,
  consume: -1,
  refund: 1,
  reward: 1,
  deduction: -1,
};
