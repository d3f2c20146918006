import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';

/**
 * TRON deposit addresses derived from an extended PUBLIC key (BIP-32/44, coin type 195): the wallet
 * that made it keeps every private key, the server can only compute addresses. An account key
 * (`m/44'/195'/0'`, what wallets export) gives `m/44'/195'/0'/0/i`; a key one level deeper
 * (`…/0'/0`) gives `…/0/i` directly.
 */

const base58check = createBase58check(sha256);
/** Mainnet addresses are 0x41 followed by the last 20 bytes of keccak-256 of the public key (x ‖ y). */
const TRON_PREFIX = 0x41;

/** The base58check address of a secp256k1 public key (compressed or not). */
export function tronAddressOfPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(hash.subarray(12), 1);
  return base58check.encode(payload);
}

export type HdAddressSource = {
  /** Identifies the key (not secret): indexes restart at 0 for another key. */
  keyId: string;
  /** The address path shown to operators, with `{i}` for the index. */
  pathPattern: string;
  addressAt(index: number): string;
};

/**
 * Reads an extended public key; null with the reason when it is not one the server may use. A private
 * key (xprv) is refused: the server must never hold one.
 */
export function readExtendedPublicKey(text: string): { source: HdAddressSource } | { error: string } {
  const trimmed = text.trim();
  if (/^[xtyz]prv/i.test(trimmed))
    return { error: 'this is a private key: give the extended PUBLIC key (xpub)' };
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(trimmed);
  } catch (error) {
    return { error: `not an extended public key (${(error as Error).message})` };
  }
  if (key.privateKey) return { error: 'this is a private key: give the extended PUBLIC key (xpub)' };
  if (key.depth !== 3 && key.depth !== 4)
    return {
      error: `expected the account key m/44'/195'/0' (depth 3) or its /0 child, got depth ${key.depth}`,
    };
  const external = key.depth === 3 ? key.deriveChild(0) : key;
  const keyId = Buffer.from(sha256(new TextEncoder().encode(trimmed)))
    .toString('hex')
    .slice(0, 16);
  return {
    source: {
      keyId,
      pathPattern: key.depth === 3 ? "m/44'/195'/0'/0/{i}" : '…/{i}',
      addressAt(index: number) {
        if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error('index out of range');
        return tronAddressOfPublicKey(external.deriveChild(index).publicKey!);
      },
    },
  };
}
