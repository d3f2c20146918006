import { createHash, randomBytes } from 'node:crypto';

/** Opaque random tokens; only their SHA-256 is stored, so a database leak does not leak sessions. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const newApiKey = () => randomBytes(24).toString('hex');
export const newCaptchaKey = () => randomBytes(16).toString('base64url');
export const newFileId = () => randomBytes(12).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A readable random password for a seeded administrator (no look-alike characters). */
export function newReadablePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
