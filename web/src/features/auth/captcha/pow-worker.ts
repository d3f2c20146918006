/// <reference lib="webworker" />
/**
 * Solves a proof-of-work captcha off the main thread: finds n in [0, maxNumber] with
 * SHA-256(salt + n) = challenge (ALTCHA v1), trying numbers in order. A few hundred thousand hashes,
 * about a second, so the page stays responsive meanwhile.
 *
 * WebCrypto (`crypto.subtle`) exists only in secure contexts (HTTPS, localhost); a page opened as
 * http://<server-ip>:3000 has none, so there the hashes come from @noble/hashes, audited pure
 * JavaScript, a few times slower but still well under the challenge's lifetime.
 */
import { sha256 } from '@noble/hashes/sha2.js';

export type PowTask = { challenge: string; salt: string; maxNumber: number };
export type PowResult = { number: number | null };

const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

const sameBytes = (a: Uint8Array, b: Uint8Array) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

async function solveWithWebCrypto(subtle: SubtleCrypto, { challenge, salt, maxNumber }: PowTask) {
  const target = hexToBytes(challenge);
  const encoder = new TextEncoder();
  // Several digests in flight at once: WebCrypto is asynchronous, one at a time leaves it idle.
  const BATCH = 64;
  for (let start = 0; start <= maxNumber; start += BATCH) {
    const end = Math.min(start + BATCH - 1, maxNumber);
    const digests = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) =>
        subtle.digest('SHA-256', encoder.encode(salt + (start + i))),
      ),
    );
    for (let i = 0; i < digests.length; i++) {
      if (sameBytes(new Uint8Array(digests[i]!), target)) return start + i;
    }
  }
  return null;
}

function solveWithJavaScript({ challenge, salt, maxNumber }: PowTask) {
  const target = hexToBytes(challenge);
  const encoder = new TextEncoder();
  for (let n = 0; n <= maxNumber; n++) {
    if (sameBytes(sha256(encoder.encode(salt + n)), target)) return n;
  }
  return null;
}

self.onmessage = async (event: MessageEvent<PowTask>) => {
  const subtle = self.isSecureContext ? self.crypto?.subtle : undefined;
  const number = subtle ? await solveWithWebCrypto(subtle, event.data) : solveWithJavaScript(event.data);
  const result: PowResult = { number };
  self.postMessage(result);
};
