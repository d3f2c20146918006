import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { relayDue } from '../../src/modules/number-sources/upstream/relay';
import { smsArrives } from '../compat/compat-helpers';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { buyer, dataOf, expectLedgerConsistent, purchaseBody, type StoreWorld } from '../store/store-helpers';
import {
  activationOf,
  addProvider,
  resellerEnv,
  resellerWorld,
  startUpstreamJiema,
  type UpstreamJiema,
} from './upstream-helpers';

/**
 * The sms-activate webhook (protocols.md §1a.11) of a provider, posted to the address its screen shows:
 * the SMS enters the one ingest path once, whether the relay's status read saw it first or not.
 */
let up: UpstreamJiema;
let t: TestApp;
let world: StoreWorld;
let webhookPath: string;

beforeAll(async () => {
  up = await startUpstreamJiema(4);
  t = await createTestApp(resellerEnv);
  world = await resellerWorld(t.db, up.world.appCode);
  const added = await addProvider(t, {
    name: 'hooked',
    protocol: 'sms-activate',
    baseUrl: up.url,
    apiKey: up.account.apiKey,
  });
  webhookPath = added.created.webhookPath!;
});
afterAll(async () => {
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
  if (up) await up.t.close();
});

async function buyOne() {
  const b = await buyer(t, '10');
  const order = dataOf<{ phones: { rentalId: number }[] }>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
  );
  const rentalId = order.phones[0]!.rentalId;
  const upstreamId = (await activationOf(t.db, rentalId))!.upstream_id;
  const code = async () =>
    dataOf<{ latestCode: string | null }>(await b.call({ method: 'GET', url: `/api/rentals/${rentalId}` }))
      .latestCode;
  return { rentalId, upstreamId, code };
}

/** As the provider posts it. */
const hook = (path: string, activationId: string | number, code: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    payload: {
      activationId: Number(activationId),
      service: up.world.appCode,
      text: `Your code ${code}`,
      code,
      country: 187,
      receivedAt: '2026-11-27 12:00:00',
    },
  });

const smsOf = (rentalId: number) =>
  t.db.query<{ text: string }>('select text from sms_messages where rental_id = $1', [rentalId]);

async function relayNow() {
  await t.db.query(`update upstream_activations set next_poll_at = now() where state = 'active'`);
  await relayDue(t.db, t.config);
}

describe("a provider's SMS webhook", () => {
  test('the address is the credential: a wrong secret or provider is refused and stores nothing', async () => {
    expect(webhookPath).toMatch(/^\/api\/upstream-webhooks\/\d+\/[0-9a-f]{64}$/);
    const { rentalId, upstreamId } = await buyOne();
    const wrong = webhookPath.replace(/[0-9a-f]{64}$/, '0'.repeat(64));
    expectErrorEnvelope(await hook(wrong, upstreamId, '111222'), 404);
    expectErrorEnvelope(await hook('/api/upstream-webhooks/999999/abc', upstreamId, '111222'), 404);
    expect(await smsOf(rentalId)).toEqual([]);
    const garbage = await t.app.inject({ method: 'POST', url: webhookPath, payload: { hello: 1 } });
    expectErrorEnvelope(garbage, 400);
    // An activation that is not ours: answered (the provider stops retrying), nothing stored.
    const unknown = await hook(webhookPath, 987654321, '111222');
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json().data).toEqual({ stored: false });
  });

  test('webhook first, then the status read: the code at once, stored once', async () => {
    const { rentalId, upstreamId, code } = await buyOne();
    await smsArrives(up.t, Number(upstreamId), 'Your code 777111', '777111');
    const res = await hook(webhookPath, upstreamId, '777111');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ stored: true });
    expect(await code()).toBe('777111');
    // The provider retries (it did not get our 200), and the relay reads the status: no second copy.
    expect((await hook(webhookPath, upstreamId, '777111')).json().data).toEqual({ stored: false });
    await relayNow();
    expect(await smsOf(rentalId)).toHaveLength(1);
  });

  test('status read first, then the webhook: stored once', async () => {
    const { rentalId, upstreamId, code } = await buyOne();
    await smsArrives(up.t, Number(upstreamId), 'Your code 888222', '888222');
    await relayNow();
    expect(await code()).toBe('888222');
    expect((await hook(webhookPath, upstreamId, '888222')).json().data).toEqual({ stored: false });
    expect(await smsOf(rentalId)).toHaveLength(1);
  });
});
