import { describe, expect, it } from 'vitest';
import { formatMoney, fromMicros, LEDGER_DIRECTION, toMicros, ZAmountInput } from '../src/money';

describe('money is exact decimal text', () => {
  it('normalises to six places without floating point', () => {
    expect(formatMoney('1.5')).toBe('1.500000');
    expect(formatMoney('0')).toBe('0.000000');
    expect(formatMoney('-0.000000')).toBe('0.000000');
    expect(formatMoney('-2.25')).toBe('-2.250000');
    expect(formatMoney('007.1234567')).toBe('7.123456');
  });

  it('converts to micro-units and back exactly, where floats would drift', () => {
    const sum = toMicros('0.1') + toMicros('0.2');
    expect(fromMicros(sum)).toBe('0.300000');
    expect(toMicros('-1.000001')).toBe(-1_000_001n);
    expect(fromMicros(-1_000_001n)).toBe('-1.000001');
    expect(fromMicros(toMicros('999999999999.999999'))).toBe('999999999999.999999');
  });

  it('accepts only positive amounts of at most 12 digits and 6 decimals', () => {
    expect(ZAmountInput.parse(' 10.5 ')).toBe('10.5');
    for (const bad of ['0', '0.000000', '-1', '1.1234567', '1e3', 'abc', '', '1234567890123']) {
      expect(ZAmountInput.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('moves a balance in the direction of each transaction type of spec §4', () => {
    expect(LEDGER_DIRECTION).toEqual({ recharge: 1, consume: -1, refund: 1, reward: 1, deduction: -1 });
  });
});
