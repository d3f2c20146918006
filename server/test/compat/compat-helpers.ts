import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { createUser, type TestApp } from '../helpers';
import { adminCall, type CreatedGateway, createGateway, postSigned } from '../inbound/inbound-helpers';
import { addNumbers, dataOf, fund, type StoreWorld, storeWorld } from '../store/store-helpers';

/** A customer with a balance and the API key shown on their profile page. */
export async function apiUser(db: Db, balance = '10') {
  const user = await createUser(db);
  if (balance !== '0') await fund(db, user.userId, balance);
  const [row] = await db.query<{ api_key: string }>('select api_key from users where id = $1', [user.userId]);
  return { ...user, apiKey: row!.api_key };
}

/** The store's test world, with a 5sim product name for its application, and US numbers in stock. */
export async function compatWorld(
  db: Db,
  stock = 5,
): Promise<StoreWorld & { product: string; numbers: string[] }> {
  const world = await storeWorld(db);
  const product = `p${world.appCode}`;
  await db.query('update applications set fivesim_product = $2 where id = $1', [world.appId, product]);
  const numbers = stock > 0 ? await addNumbers(db, { count: stock }) : [];
  return { ...world, product, numbers: numbers.map((n) => n.number) };
}

/** `GET /stubs/handler_api.php?…`: the body, after checking the protocol's HTTP 200. */
export async function sa(t: Pick<TestApp, 'app'>, params: Record<string, string | number>): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/stubs/handler_api.php', query: stringify(params) });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

export async function saJson<T = Record<string, unknown>>(
  t: Pick<TestApp, 'app'>,
  params: Record<string, string | number>,
) {
  const body = await sa(t, params);
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new Error(`not JSON: ${body}`);
  }
}

export const stringify = (params: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));

/** A 5sim call with the user's API key as the bearer token. */
export function fiveSim(t: Pick<TestApp, 'app'>, apiKey: string | null) {
  return (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: `/v1${url}`,
      headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

const gatewayOf = new WeakMap<object, Promise<CreatedGateway>>();

/**
 * An SMS reaching a rental the way a real one does: posted, signed, to the generic JSON webhook of a
 * gateway the administrator added (one per app), so the inbound path itself (verification, attribution,
 * extraction, the triggers) is what the compat journeys rely on. Checks it went to that rental with
 * that code.
 */
export async function smsArrives(t: TestApp, rentalId: number, text: string, code: string | null) {
  let gateway = gatewayOf.get(t.app);
  if (!gateway) {
    gateway = adminCall(t).then((admin) => createGateway(admin, 'generic'));
    gatewayOf.set(t.app, gateway);
  }
  const [rental] = await t.db.query<{ phone_number: string }>(
    'select phone_number from rentals where id = $1',
    [rentalId],
  );
  const posted = await postSigned(t, await gateway, {
    id: randomUUID(),
    to: rental!.phone_number,
    from: 'Telegram',
    text,
  });
  const stored = dataOf<{ id: number; duplicate: boolean }>(posted);
  const [row] = await t.db.query<{ rental_id: number | null; code: string | null }>(
    'select rental_id, code from sms_messages where id = $1',
    [stored.id],
  );
  expect({ ...row, duplicate: stored.duplicate }).toEqual({ rental_id: rentalId, code, duplicate: false });
}
