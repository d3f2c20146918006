/// <reference lib="webworker" />
/**
 * Solves a proof-of-work captcha off the main thread: finds n in [0, maxNumber] with
 * SHA-256(salt + n) = challenge (ALTCHA v1), trying numbers in order. A few hundred thousand hashes,
 * about a second, so the page stays responsive meanwhile.
 */
export type PowTask = { challenge: string; salt: string; maxNumber: number };
export type PowResult = { number: number | null };

const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

async function solve({ challenge, salt, maxNumber }: PowTask): Promise<number | null> {
  const target = hexToBytes(challenge);
  const encoder = new TextEncoder();
  // Several digests in flight at once: WebCrypto is asynchronous, one at a time leaves it idle.
  const BATCH = 64;
  for (let start = 0; start <= maxNumber; start += BATCH) {
    const end = Math.min(start + BATCH - 1, maxNumber);
    const digests = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) =>
        crypto.subtle.digest('SHA-256', encoder.encode(salt + (start + i))),
      ),
    );
    for (let i = 0; i < digests.length; i++) {
      const bytes = new Uint8Array(digests[i]!);
      let same = bytes.length === target.length;
      for (let j = 0; same && j < bytes.length; j++) same = bytes[j] === target[j];
      if (same) return start + i;
    }
  }
  return null;
}

self.onmessage = async (event: MessageEvent<PowTask>) => {
  const result: PowResult = { number: await solve(event.data) };
  self.postMessage(result);
};
