import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  base58Decode,
  base58Encode,
  encodeTronAddress,
  isValidTronAddress,
  tronAddressToHex,
} from '../../src/lib/tron-address';

/** Real mainnet addresses: the USDT contract, the "black hole" (all-zero account), two from TronGrid's sample. */
const VALID = [
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  'TTRmEA73gpoxK2KRmhL7GtcYLh88VefYss',
  'TYPrKF2sevXuE86Xo3Y2mhFnjseiUcybny',
];

/** Replaces one character with another base58 character, keeping the shape valid. */
const corrupt = (address: string, at: number) => {
  const ch = address[at] === 'a' ? 'b' : 'a';
  return address.slice(0, at) + ch + address.slice(at + 1);
};

describe('isValidTronAddress (base58check)', () => {
  test.each(VALID)('accepts %s', (address) => {
    expect(isValidTronAddress(address)).toBe(true);
  });

  test('the USDT contract decodes to its known hex form', () => {
    expect(tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
    expect(tronAddressToHex('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(`41${'0'.repeat(40)}`);
  });

  test.each(VALID.flatMap((a) => [1, 10, 20, 33].map((at) => [corrupt(a, at)] as const)))(
    'rejects the corrupted %s',
    (address) => {
      expect(isValidTronAddress(address)).toBe(false);
    },
  );

  test.each([
    ['empty', ''],
    ['too short', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['too long', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt'],
    ['lower-case t', 'tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['a zero (not base58)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'],
    ['a capital O (not base58)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjOt'],
    ['an l (not base58)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjlt'],
    ['a space', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj t'],
    ['case swapped', 'Tr7nhQJEkqXgtcI8Q8zy4Pl8OTsZGJlJ6T'],
    ['a Bitcoin address', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
  ])('rejects %s', (_, address) => {
    expect(isValidTronAddress(address)).toBe(false);
  });

  test('rejects a right checksum over another version byte', () => {
    const payload = Buffer.concat([Buffer.from([0xa0]), randomBytes(20)]);
    const sum = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
    const address = base58Encode(Buffer.concat([payload, sum.subarray(0, 4)]));
    expect(isValidTronAddress(address)).toBe(false);
  });

  test('encodes random account ids into addresses it accepts, and back', () => {
    for (let i = 0; i < 50; i++) {
      const id = randomBytes(20);
      const address = encodeTronAddress(id);
      expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(isValidTronAddress(address)).toBe(true);
      expect(tronAddressToHex(address)).toBe(`41${id.toString('hex')}`);
    }
  });

  test('base58 keeps leading zero bytes as 1s', () => {
    const bytes = Buffer.from([0, 0, 1, 2, 3]);
    expect(base58Encode(bytes)).toMatch(/^11/);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
    expect(base58Decode('0OIl')).toBeNull();
  });
});
