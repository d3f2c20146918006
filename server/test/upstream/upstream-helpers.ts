import type { AddressInfo } from 'node:net';
import type { Db } from '../../src/db/client';
import { apiUser, compatWorld } from '../compat/compat-helpers';
import { createTestApp, type TestApp } from '../helpers';
import { adminCall } from '../inbound/inbound-helpers';
import { dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';
import { countingProxy } from './counting-proxy';

/** The reseller's own Jiema: upstream relaying on loopback allowed, the background relay off (tests drive it). */
export const resellerEnv = {
  UPSTREAM_ALLOW_PRIVATE: 'on',
  UPSTREAM_POLL_MS: '0',
  UPSTREAM_RECONCILE_SECONDS: '0',
  UPSTREAM_REQUEST_TIMEOUT_MS: '1500',
  UPSTREAM_BUY_BUDGET_MS: '3000',
};

/**
 * A SECOND Jiema, the upstream: its own database, listening on 127.0.0.1, with US numbers of an
 * application in stock and the reseller's customer account (its API key is the provider's key).
 */
export async function startUpstreamJiema(stock = 5) {
  const t = await createTestApp();
  const world = await compatWorld(t.db, stock);
  const account = await apiUser(t.db, '100');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, world, account, url: `http://127.0.0.1:${port}` };
}
export type UpstreamJiema = Awaited<ReturnType<typeof startUpstreamJiema>>;

/** The same application (same code, so the same sms-activate service code) on the reseller's side, priced at `price`. */
export async function resellerWorld(db: Db, code: string, price = '0.5'): Promise<StoreWorld> {
  const world = await storeWorld(db, code);
  await db.query(
    `update price_rules set price = $3 where application_id = $1 and validity_option_id = $2 and card_type = 'new'`,
    [world.appId, world.activationId, price],
  );
  return world;
}

export type ProviderInput = {
  name: string;
  protocol: 'sms-activate' | '5sim';
  baseUrl: string;
  apiKey: string;
  currency?: string;
  rateToUsdt?: string;
  marginPercent?: string;
  marginFixed?: string;
  priceCeiling?: string | null;
  priority?: number;
};

/** Adds a provider through the admin API and runs its "Test" (balance, prices, mapping). */
export async function addProvider(t: TestApp, input: ProviderInput) {
  const admin = await adminCall(t);
  const created = dataOf<{ id: number; apiKeyHint: string; webhookPath: string | null }>(
    await admin({
      method: 'POST',
      url: '/api/admin/upstream-providers',
      payload: { currency: 'USD', rateToUsdt: '1', marginPercent: '10', ...input },
    }),
  );
  const tested = await admin({ method: 'POST', url: `/api/admin/upstream-providers/${created.id}/test` });
  return { id: created.id, admin, created, tested };
}

/** The upstream activation behind a rental of ours. */
export async function activationOf(db: Db, rentalId: number) {
  const [row] = await db.query<{
    id: number;
    state: string;
    outcome: string | null;
    upstream_id: string;
    provider_id: number;
  }>('select id, state, outcome, upstream_id, provider_id from upstream_activations where rental_id = $1', [
    rentalId,
  ]);
  return row ?? null;
}

/**
 * A second Jiema with `stock` numbers as the provider, behind a proxy that counts every request, and a
 * reseller (a test app of its own, priced for the upstream's application) with it added as `name`.
 */
export async function resellerBehindCountingProxy(name: string, stock = 8) {
  const up = await startUpstreamJiema(stock);
  const proxy = await countingProxy(up.url);
  const t = await createTestApp(resellerEnv);
  const world = await resellerWorld(t.db, up.world.appCode);
  await addProvider(t, { name, protocol: 'sms-activate', baseUrl: proxy.url, apiKey: up.account.apiKey });
  return { up, proxy, t, world };
}
