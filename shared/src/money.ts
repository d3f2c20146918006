import { z } from 'zod';

/** Money is USDT with 6 decimals, carried as strings end to end: never a floating-point number. */
export const MONEY_SCALE = 6;
/** The most integer digits an amount or a price may have (the database's numeric(18, 6)). */
export const MONEY_MAX_INTEGER_DIGITS = 12;

/** What is wrong with a decimal typed by a person, the most telling first; null when it is fine. */
export function decimalProblem(value: string): 'format' | 'decimals' | 'tooLarge' | 'zero' | null {
  if (!/^\d+(\.\d+)?$/.test(value)) return 'format';
  const [int = '', frac = ''] = value.split('.');
  if (frac.length > MONEY_SCALE) return 'decimals';
  if (int.replace(/^0+/, '').length > MONEY_MAX_INTEGER_DIGITS) return 'tooLarge';
  if (!/[1-9]/.test(value)) return 'zero';
  return null;
}

/**
 * A zod refinement naming the actual problem of a decimal (not a number, too many decimals, too
 * large, zero) with the message keys given, so "99999999999999999999" is not called "not a number".
 */
export function decimalRefinement(messages: Record<'format' | 'decimals' | 'tooLarge' | 'zero', string>) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = decimalProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: messages[problem] });
  };
}

/** A positive amount typed by a person: up to 12 integer digits and 6 decimals. */
export const ZAmountInput = z
  .string({ error: 'validation.amountFormat' })
  .trim()
  .superRefine(
    decimalRefinement({
      format: 'validation.amountFormat',
      decimals: 'validation.amountDecimals',
      tooLarge: 'validation.amountTooLarge',
      zero: 'validation.amountPositive',
    }),
  );

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
