import { randomBytes } from 'node:crypto';

/** The administrator the global setup seeds (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { adminUsername: 'admin', adminPassword: 'E2eAdmin#2024' } as const;

export type Account = { username: string; email: string; password: string };

/** A fresh, valid customer identity: registrations must not collide across journeys and runs. */
export function newAccount(prefix: string): Account {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@e2e.test`, password: 'Passw0rd!' };
}
