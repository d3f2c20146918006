import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app-types';
import type { CodeLinkRow } from '../../src/modules/code-delivery/code-link.repository';
import { withinWindow } from '../../src/modules/code-delivery/code-link-cache';
import { createTestApp, serversSharingDatabase, type TestApp } from '../helpers';
import { adminCall, type CreatedGateway, createGateway, postSigned } from '../inbound/inbound-helpers';
import { dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';
import { customerWithRentals, setSettings } from './code-helpers';

/**
 * The code link's answers kept in memory (code-link-cache.ts over lib/exact-cache.ts) must stay exact:
 * every change shows at once in the process that made it, and in another process as soon as the
 * database's announcement reaches it; SMS arrive the real way, posted to a gateway's webhook.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let world: StoreWorld;
let gateway: CreatedGateway;

beforeAll(async () => {
  t = await createTestApp({ CODE_LINK_LIMIT_PER_MINUTE: '100000' });
  world = await storeWorld(t.db);
  gateway = await createGateway(await adminCall(t), 'generic');
});
afterAll(async () => {
  await t?.close();
});

const read = (app: App, token: string) => app.inject({ method: 'GET', url: `/api/code/${token}` });
/** An SMS posted to the generic webhook of the gateway, through `app`. */
async function smsThrough(app: App, to: string, text: string) {
  dataOf(await postSigned({ ...t, app }, gateway, { id: randomUUID(), to, from: 'Telegram', text }));
}
/**
 * Polls until one answer comes from memory: the first reads also take the link's share of its rate limit
 * and sweep old allowances (writes of this process, after which nothing read before is trusted).
 */
async function expectAnsweredFromMemory(app: App, token: string, status: number) {
  for (let i = 0; i < 10; i++) {
    const hits = app.codeLinkCache.stats.hits;
    expect((await read(app, token)).statusCode).toBe(status);
    if (app.codeLinkCache.stats.hits === hits + 1) return;
  }
  throw new Error('never answered from memory');
}
async function eventually(check: () => Promise<void>) {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('code link answers from memory', () => {
  test('a poll is answered from memory until something changes; a change in this process shows at once', async () => {
    const { b, rentals, orderToken } = await customerWithRentals(t, world, 2);
    await setSettings(b, { answerFormat: 'code' });
    const token = rentals[0]!.token;
    await expectAnsweredFromMemory(t.app, token, 204);

    await smsThrough(t.app, rentals[0]!.phoneNumber, 'Your Telegram code: 51423');
    expect((await read(t.app, token)).body).toBe('51423');
    expect((await read(t.app, orderToken)).body).toBe(`${rentals[0]!.phoneNumber} 51423`);
    await setSettings(b, { answerFormat: 'text' });
    expect((await read(t.app, token)).body).toBe('Your Telegram code: 51423');
    await smsThrough(t.app, rentals[1]!.phoneNumber, 'Your Telegram code: 77001');
    expect((await read(t.app, orderToken)).body).toBe(
      `${rentals[0]!.phoneNumber} Your Telegram code: 51423\n${rentals[1]!.phoneNumber} Your Telegram code: 77001`,
    );
    expect((await read(t.app, 'no-such-token')).statusCode).toBe(404);
  });

  test('the owner’s window is applied when answering, not when the rows were read', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const row = (minutesAgo: number) =>
      ({
        window_minutes: 20,
        sms_id: 1,
        code: '123456',
        text: 'code 123456',
        sender: 'Telegram',
        received_at: new Date(now - minutesAgo * 60_000),
      }) as unknown as CodeLinkRow;
    expect(withinWindow([row(19)], now)[0]!.code).toBe('123456');
    expect(withinWindow([row(20)], now)[0]!.code).toBe('123456');
    expect(withinWindow([row(21)], now)[0]).toMatchObject({
      sms_id: null,
      code: null,
      text: null,
      received_at: null,
    });
  });
});

describe.runIf(onPostgres)('two server processes on one database', () => {
  test('an SMS, a settings change and a cancel made through another process reach this one', async () => {
    const { servers, close } = await serversSharingDatabase(t);
    try {
      const [here, there] = servers as [App, App];
      const { b, rentals } = await customerWithRentals(t, world);
      await setSettings(b, { answerFormat: 'code' });
      const token = rentals[0]!.token;
      await expectAnsweredFromMemory(here, token, 204);

      await smsThrough(there, rentals[0]!.phoneNumber, 'Your Telegram code: 90817');
      await eventually(async () => expect((await read(here, token)).body).toBe('90817'));
      await setSettings(b, { answerFormat: 'text' });
      await eventually(async () => expect((await read(here, token)).body).toBe('Your Telegram code: 90817'));
      const paused = await b.call({ method: 'POST', url: `/api/rentals/${rentals[0]!.id}/pause` });
      expect(paused.statusCode, paused.body).toBe(200);
      // A paused rental shows no code (the same rule as the database read).
      await eventually(async () => expect((await read(here, token)).statusCode).toBe(204));
      // Every answer above matches what the database itself gives now.
      const fresh = await there.inject({ method: 'GET', url: `/api/code/${token}?wait=1` });
      expect((await read(here, token)).body).toBe(fresh.body);
    } finally {
      await close();
    }
  }, 60_000);
});

test.skipIf(onPostgres)('(two-process tests run on PostgreSQL only)', () => {
  expect(onPostgres).toBe(false);
});
