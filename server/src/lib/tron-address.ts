import { createHash } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((ch, i) => [ch, BigInt(i)]));
/** Mainnet addresses are 0x41 followed by the 20-byte account id (why they all start with T). */
const TRON_VERSION = 0x41;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();
const checksumOf = (payload: Uint8Array) => sha256(sha256(payload)).subarray(0, 4);

/** Base58 (Bitcoin alphabet) to bytes; null on a character outside the alphabet. */
export function base58Decode(text: string): Buffer | null {
  let n = 0n;
  for (const ch of text) {
    const digit = INDEX.get(ch);
    if (digit === undefined) return null;
    n = n * 58n + digit;
  }
  let hex = n === 0n ? '' : n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const leadingZeros = /^1*/.exec(text)![0].length;
  return Buffer.concat([Buffer.alloc(leadingZeros), Buffer.from(hex, 'hex')]);
}

export function base58Encode(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let text = '';
  while (n > 0n) {
    text = ALPHABET[Number(n % 58n)] + text;
    n /= 58n;
  }
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return '1'.repeat(zeros) + text;
}

/**
 * A TRON mainnet address checked in full: base58 decodes to 25 bytes, the first is 0x41, and the
 * last 4 are the first 4 of the double SHA-256 of the first 21 (base58check). A typo or a truncated
 * copy fails here, so no deposit is ever expected at an address nobody controls.
 */
export function isValidTronAddress(address: string): boolean {
  if (address.length !== 34 || !address.startsWith('T')) return false;
  const bytes = base58Decode(address);
  if (bytes?.length !== 25 || bytes[0] !== TRON_VERSION) return false;
  return checksumOf(bytes.subarray(0, 21)).equals(bytes.subarray(21));
}

/** The 21-byte hex form (`41…`) that TRON's HTTP API and event logs use; null when invalid. */
export function tronAddressToHex(address: string): string | null {
  return isValidTronAddress(address) ? base58Decode(address)!.subarray(0, 21).toString('hex') : null;
}

/** The base58check address of a 20-byte account id (or of a 21-byte `41…` payload). */
export function encodeTronAddress(accountId: Uint8Array): string {
  const payload =
    accountId.length === 21
      ? Buffer.from(accountId)
      : Buffer.concat([Buffer.from([TRON_VERSION]), accountId]);
  if (payload.length !== 21 || payload[0] !== TRON_VERSION) throw new Error('a TRON account id is 20 bytes');
  return base58Encode(Buffer.concat([payload, checksumOf(payload)]));
}
