import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function scryptAsync(password: string, salt: Buffer, logCost: number): Promise<Buffer> {
  const N = 2 ** logCost;
  return new Promise((resolve, reject) =>
    scrypt(
      password,
      salt,
      KEY_LENGTH,
      { N, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 256 * N * BLOCK_SIZE },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** scrypt (memory-hard); the stored string keeps its own cost so the cost can change later. */
export async function hashPassword(password: string, logCost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, logCost);
  return `scrypt$${logCost}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(cost));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
