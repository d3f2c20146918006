import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  createSession,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  setUserPermission,
  type TestApp,
} from '../helpers';
import {
  as,
  buyer,
  dataOf,
  expectLedgerConsistent,
  fund,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import { type Buyer, buyRentals, quote, renew, snapshot } from './renewal-helpers';

let t: TestApp;
let world: StoreWorld;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db);
  admin = as(t, await login(t, ADMIN.username, ADMIN.password));
});
afterAll(async () => {
  if (!t) return;
  await expectLedgerConsistent(t.db);
  await t.close();
});

/** Each refusal is tried alone and alongside a good rental: either way nothing at all changes. */
async function expectRefused(b: Buyer, bad: number, good: number, status: number, error: string) {
  const state = await snapshot(t.db, b.userId);
  for (const rentalIds of [[bad], [good, bad]]) {
    for (const call of [quote, renew]) {
      const res = await call(b, { rentalIds, validityOptionId: world.dayId });
      expect(expectErrorEnvelope(res, status).error).toBe(error);
    }
  }
  expect(await snapshot(t.db, b.userId)).toEqual(state);
}

const numberOf = async (id: number) =>
  (await t.db.query<{ n: string }>('select phone_number as n from rentals where id = $1', [id]))[0]!.n;

describe('rentals that cannot be renewed', () => {
  test('an activation, naming its number in both languages', async () => {
    const b = await buyer(t);
    const [good] = await buyRentals(t, world, b);
    const [activation] = await buyRentals(t, world, b, { validityOptionId: world.activationId });
    await expectRefused(b, activation!, good!, 409, 'RENEWAL_ACTIVATION');
    const number = await numberOf(activation!);
    const body = { rentalIds: [activation], validityOptionId: world.dayId };
    expect((await renew(b, body)).json().message).toBe(
      `号码 ${number} 是按次激活的号码，不能续费；只有按天租用的号码可以续费`,
    );
    expect((await renew(b, body, { locale: 'en-US' })).json().message).toBe(
      `The number ${number} is an activation and cannot be renewed; only day rentals can be renewed`,
    );
  });

  test('a suspended one', async () => {
    const b = await buyer(t);
    const [good, suspended] = await buyRentals(t, world, b, { quantity: 2 });
    dataOf(await admin({ method: 'POST', url: `/api/admin/rentals/${suspended}/suspend` }));
    await expectRefused(b, suspended!, good!, 409, 'RENEWAL_SUSPENDED');
  });

  test('an ended one (finished early by its owner)', async () => {
    const b = await buyer(t);
    const [good, ended] = await buyRentals(t, world, b, { quantity: 2 });
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${ended}/finish` }));
    await expectRefused(b, ended!, good!, 409, 'RENEWAL_ENDED');
    expect((await renew(b, { rentalIds: [ended], validityOptionId: world.dayId })).json().message).toContain(
      await numberOf(ended!),
    );
  });

  test("another user's is not found (404, not 403), and an unknown id too", async () => {
    const owner = await buyer(t);
    const [theirs] = await buyRentals(t, world, owner);
    const b = await buyer(t);
    const [good] = await buyRentals(t, world, b);
    const ownerState = await snapshot(t.db, owner.userId);
    await expectRefused(b, theirs!, good!, 404, 'RENTAL_NOT_FOUND');
    await expectRefused(b, 2_000_000_000, good!, 404, 'RENTAL_NOT_FOUND');
    expect(await snapshot(t.db, owner.userId)).toEqual(ownerState);
    const list = dataOf<{ list: { id: number }[] }>(
      await b.call({ method: 'GET', url: '/api/renewals/rentals' }),
    );
    expect(list.list.map((r) => r.id)).toEqual([good]);
  });
});

describe('bad input', () => {
  test('missing, empty, invalid or too many ids and a missing validity answer 400, never 500', async () => {
    const b = await buyer(t);
    const [id] = await buyRentals(t, world, b);
    const state = await snapshot(t.db, b.userId);
    const bodies: unknown[] = [
      undefined,
      {},
      { validityOptionId: world.dayId },
      { rentalIds: [], validityOptionId: world.dayId },
      { rentalIds: 'all', validityOptionId: world.dayId },
      { rentalIds: ['x'], validityOptionId: world.dayId },
      { rentalIds: [0], validityOptionId: world.dayId },
      { rentalIds: [-1], validityOptionId: world.dayId },
      { rentalIds: [1.5], validityOptionId: world.dayId },
      { rentalIds: [null], validityOptionId: world.dayId },
      { rentalIds: Array.from({ length: 201 }, (_, i) => i + 1), validityOptionId: world.dayId },
      { rentalIds: [id] },
      { rentalIds: [id], validityOptionId: 'week' },
      { rentalIds: [id], validityOptionId: 0 },
    ];
    for (const payload of bodies) {
      for (const url of ['/api/renewals', '/api/renewals/quote']) {
        const res = await b.call({ method: 'POST', url, payload: payload as Record<string, unknown> });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)} -> ${res.body}`).toBe(400);
      }
    }
    const body = { rentalIds: [id], validityOptionId: world.dayId };
    expect((await renew(b, body, { key: 'bad key!' })).statusCode).toBe(400);
    expect((await renew(b, { ...body, idempotencyKey: 'short' })).statusCode).toBe(400);
    for (const url of [
      '/api/renewals?from=yesterday',
      '/api/renewals?applicationId=x',
      '/api/renewals/rentals?page=0',
    ]) {
      expect((await b.call({ method: 'GET', url })).statusCode, url).toBe(400);
    }
    expect(await snapshot(t.db, b.userId)).toEqual(state);
  });

  test('repeated ids count once', async () => {
    const b = await buyer(t);
    const [id] = await buyRentals(t, world, b);
    const done = dataOf<{ total: string; items: unknown[] }>(
      await renew(b, { rentalIds: [id, id, id], validityOptionId: world.dayId }),
    );
    expect(done).toMatchObject({ total: '1.500000', items: [expect.anything()] });
  });
});

describe('permissions', () => {
  const userRoutes = [
    ['GET', '/api/renewals/choices'],
    ['GET', '/api/renewals/rentals'],
    ['POST', '/api/renewals/quote'],
    ['POST', '/api/renewals'],
    ['GET', '/api/renewals'],
  ] as const;
  const adminRoutes = [
    ['GET', '/api/admin/renewals'],
    ['GET', '/api/admin/renewals/export'],
  ] as const;

  test('a customer may use the renewal center but not the administrators’ records', async () => {
    const b = await buyer(t);
    for (const [method, url] of userRoutes) {
      expect([401, 403]).not.toContain((await b.call({ method, url })).statusCode);
    }
    for (const [method, url] of adminRoutes) expectErrorEnvelope(await b.call({ method, url }), 403);
  });

  test('an agent needs api:renew; a customer without it is refused', async () => {
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const call = as(t, await createSession(t.db, agent.userId));
    for (const [method, url] of userRoutes) expectErrorEnvelope(await call({ method, url }), 403);
    await setUserPermission(t.db, agent.userId, 'api:renew', 'grant');
    await fund(t.db, agent.userId, '1');
    const choices = dataOf<{ options: { id: number }[] }>(
      await call({ method: 'GET', url: '/api/renewals/choices' }),
    );
    expect(choices.options.map((o) => o.id)).toEqual(expect.arrayContaining([world.dayId, world.weekId]));
    expect(choices.options.map((o) => o.id)).not.toContain(world.activationId);

    const customer = await buyer(t);
    await setUserPermission(t.db, customer.userId, 'api:renew', 'revoke');
    for (const [method, url] of userRoutes) expectErrorEnvelope(await customer.call({ method, url }), 403);
  });

  test('an administrator sees every user’s records and filters them', async () => {
    const first = await buyer(t);
    const second = await buyer(t);
    const [a] = await buyRentals(t, world, first);
    const [b] = await buyRentals(t, world, second);
    dataOf(await renew(first, { rentalIds: [a], validityOptionId: world.dayId }));
    dataOf(await renew(second, { rentalIds: [b], validityOptionId: world.weekId }));
    type Page = { list: { rentalId: number; username: string; price: string }[]; total: number };
    const all = dataOf<Page>(await admin({ method: 'GET', url: '/api/admin/renewals?pageSize=500' }));
    expect(all.list.map((r) => r.rentalId)).toEqual(expect.arrayContaining([a, b]));
    const one = dataOf<Page>(
      await admin({ method: 'GET', url: `/api/admin/renewals?username=${second.username.toUpperCase()}` }),
    );
    expect(one.list).toEqual([
      expect.objectContaining({ rentalId: b, username: second.username, price: '7.000000' }),
    ]);
    // A user's own list never shows another's.
    const own = dataOf<Page>(
      await first.call({ method: 'GET', url: `/api/renewals?username=${second.username}` }),
    );
    expect(own.list.map((r) => r.rentalId)).toEqual([a]);
  });
});
