import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, test } from 'vitest';
import { encodeTronAddress } from '../../src/lib/tron-address';
import { readExtendedPublicKey } from '../../src/lib/tron-hd';

/** BIP-32 test vector 1 (the BIP's own text): seed and the public keys of m, m/0H, m/0H/1. */
const VECTOR_1 = {
  seed: '000102030405060708090a0b0c0d0e0f',
  m: 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
  m0h: 'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
  m0h1: 'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
};

/** The BIP-39 test mnemonic every wallet documents; its TRON account is m/44'/195'/0'. */
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** m/44'/195'/0'/0/0 of that mnemonic, as TRON wallets show it (protocols.md §4.6). */
const PUBLISHED_FIRST = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

/** The address of a private key, computed without the code under test: the uncompressed public key, keccak-256, base58check. */
function addressOfPrivateKey(privateKey: Uint8Array) {
  const publicKey = secp256k1.getPublicKey(privateKey, false);
  return encodeTronAddress(keccak_256(publicKey.subarray(1)).subarray(12));
}

describe('TRON addresses from an extended public key', () => {
  test('the BIP-32 library reproduces test vector 1, and public derivation matches private derivation', () => {
    const root = HDKey.fromMasterSeed(Buffer.from(VECTOR_1.seed, 'hex'));
    expect(root.publicExtendedKey).toBe(VECTOR_1.m);
    expect(root.derive("m/0'").publicExtendedKey).toBe(VECTOR_1.m0h);
    expect(root.derive("m/0'/1").publicExtendedKey).toBe(VECTOR_1.m0h1);
    // m/0'/1 from the public m/0' alone (no private key anywhere).
    expect(HDKey.fromExtendedKey(VECTOR_1.m0h).deriveChild(1).publicExtendedKey).toBe(VECTOR_1.m0h1);
  });

  test("the account xpub of the test mnemonic gives the addresses its wallet derives at m/44'/195'/0'/0/i", () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
    const account = root.derive("m/44'/195'/0'");
    const read = readExtendedPublicKey(account.publicExtendedKey);
    if (!('source' in read)) throw new Error(read.error);
    expect(read.source.pathPattern).toBe("m/44'/195'/0'/0/{i}");
    expect(read.source.addressAt(0)).toBe(PUBLISHED_FIRST);
    for (const i of [0, 1, 2, 19, 1000, 2 ** 31 - 1]) {
      const expected = addressOfPrivateKey(root.derive(`m/44'/195'/0'/0/${i}`).privateKey!);
      expect(read.source.addressAt(i)).toBe(expected);
    }
    // The same key one level down (…/0'/0) gives the same addresses.
    const external = readExtendedPublicKey(account.deriveChild(0).publicExtendedKey);
    if (!('source' in external)) throw new Error(external.error);
    expect(external.source.addressAt(7)).toBe(read.source.addressAt(7));
    expect(() => read.source.addressAt(-1)).toThrow();
  });

  test('a private key, garbage, or a key at the wrong depth is refused with a reason', () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
    const xprv = root.derive("m/44'/195'/0'").privateExtendedKey;
    expect(readExtendedPublicKey(xprv)).toMatchObject({ error: expect.stringContaining('private key') });
    expect(readExtendedPublicKey('xpub-not-a-key')).toMatchObject({ error: expect.any(String) });
    expect(readExtendedPublicKey(root.publicExtendedKey)).toMatchObject({
      error: expect.stringContaining('depth 0'),
    });
  });
});
