import { base58Decode, encodeTronAddress, isValidTronAddress } from '../../lib/tron-address';

/** A USDT transfer to one of our addresses, as the crediting needs it, whichever API it came from. */
export type ChainTransfer = {
  txId: string;
  /** The Transfer event's index in its transaction; null when the API does not say (unsolidified peeks). */
  eventIndex: number | null;
  blockNumber: number | null;
  from: string;
  to: string;
  /** Exact, 6 decimals. */
  amount: string;
  blockAt: Date;
  blockMs: number;
};

/** USDT has 6 decimals; `usdt_deposits.amount` is numeric(20,6), so at most 14 integer digits. */
export const USDT_DECIMALS = 6;
const MAX_INTEGER_DIGITS = 14;

/**
 * `value` in base units with the token's decimals → 6-decimal string; null if it needs more places or
 * is larger than any real USDT amount (more than the token's whole supply, a broken answer): such a
 * value is never a deposit, and never stops the watcher from reading what follows it.
 */
export function baseUnitsToMoney(value: string, decimals: number): string | null {
  let units: bigint;
  if (/^\d{1,80}$/.test(value)) units = BigInt(value);
  else if (/^0x[0-9a-fA-F]{1,64}$/.test(value)) units = BigInt(value);
  else return null;
  if (decimals > 6) {
    const drop = 10n ** BigInt(decimals - 6);
    if (units % drop !== 0n) return null;
    units /= drop;
  } else {
    units *= 10n ** BigInt(6 - decimals);
  }
  const integer = units / 1_000_000n;
  if (integer.toString().length > MAX_INTEGER_DIGITS) return null;
  return `${integer}.${(units % 1_000_000n).toString().padStart(6, '0')}`;
}

/**
 * Any spelling of an address in the chain APIs → base58check: `T…`, the 21-byte hex `41…`, or the
 * 20-byte EVM-style `0x…` that event results use. Null when it is none of them.
 */
export function normaliseTronAddress(text: string): string | null {
  if (isValidTronAddress(text)) return text;
  const hex = /^(?:0x|41)?([0-9a-fA-F]{40})$/.exec(text);
  if (hex && (text.length === 40 || text.length === 42))
    return encodeTronAddress(Buffer.from(hex[1]!, 'hex'));
  return null;
}

/** The 20-byte account id of a base58check address (log topics carry it left-padded to 32 bytes). */
export const accountIdHex = (address: string) => base58Decode(address)!.subarray(1, 21).toString('hex');
