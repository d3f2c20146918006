import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { USER_TYPE } from '@jiema/shared';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { applyBalanceChange } from '../../src/modules/ledger/ledger.service';
import { authed, createSession, createUser, type TestApp } from '../helpers';

/** An administrator (mass SMS is for type 1) with a balance, and their bearer token. */
export async function sender(t: TestApp, balance = '100') {
  const user = await createUser(t.db, { userType: USER_TYPE.ADMIN, roles: ['ADMIN'] });
  if (balance !== '0') {
    await t.db.transaction((tx) =>
      applyBalanceChange(tx, {
        userId: user.userId,
        type: 'recharge',
        amount: balance,
        reference: `test:${randomUUID()}`,
      }),
    );
  }
  const token = await createSession(t.db, user.userId);
  return { ...user, token, headers: authed(token) };
}

export async function balanceOf(db: Db, userId: number) {
  const rows = await db.query<{ balance: string }>(
    'select balance::text as balance from users where id = $1',
    [userId],
  );
  return rows[0]!.balance;
}

export const numbers = (count: number, start = 79990000000) =>
  Array.from({ length: count }, (_, i) => `+${start + i}`).join('\n');

/** The send preview (nothing stored), which must answer 200. */
export async function previewOk(t: TestApp, headers: Record<string, string>, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/mass-sms/preview', headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export async function confirm(t: TestApp, headers: Record<string, string>, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mass-sms/campaigns',
    headers,
    payload: { requestKey: randomUUID(), ...body },
  });
  return res;
}

export async function confirmOk(t: TestApp, headers: Record<string, string>, body: Record<string, unknown>) {
  const res = await confirm(t, headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    status: string;
    amount: string;
    total: number;
    segments: number;
    freeSegments: number;
  };
}

/** The ledger's sum for a user must equal their balance: nothing moved outside it. */
export async function ledgerSum(db: Db, userId: number) {
  const rows = await db.query<{ sum: string }>(
    'select coalesce(sum(amount), 0)::text as sum from ledger_entries where user_id = $1',
    [userId],
  );
  return rows[0]!.sum;
}

/** A generic HTTP provider connector (token `tok`) sending to `server`'s `/send`; returns its id. */
export async function httpConnector(
  t: TestApp,
  headers: Record<string, string>,
  server: Server,
  fields: { name: string; priority?: number },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/mass-sms/connectors',
    headers,
    payload: {
      kind: 'http',
      ...fields,
      password: 'tok',
      config: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send` },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }).id;
}
