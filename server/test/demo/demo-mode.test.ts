import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { DEMO_BALANCE_REFERENCE, DEMO_NUMBERS, seedDemo } from '../../src/modules/demo/demo-seed';
import { demoExternalId, demoSource, sendDueDemoSms } from '../../src/modules/demo/demo-sms.job';
import { ingestSms } from '../../src/modules/inbound/ingest';
import { sa, stringify } from '../compat/compat-helpers';
import { createTestApp, login, type TestApp } from '../helpers';
import {
  addNumbers,
  as,
  buyer,
  dataOf,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import { testConfig } from '../support/test-config';

const DEMO_PASSWORD = 'demo-pass-1';
const NOW = { minSeconds: 0, maxSeconds: 0 };

let t: TestApp;
let world: StoreWorld;
let demoToken: string;
let demoUserId: number;

/** Another connection pool on the same database: a second server process (PostgreSQL only). */
async function secondPool(): Promise<Db | null> {
  if (!t.config.databaseUrl) return null;
  return createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 5 });
}

beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db);
  const config = testConfig({ DEMO: 'on', DEMO_PASSWORD }, t.config.databaseUrl);
  const other = await secondPool();
  // Two processes starting at once: one seeds, the other sees it done.
  const results = await Promise.all([seedDemo(t.db, config), seedDemo(other ?? t.db, config)]);
  await other?.close();
  expect(results.filter((r) => r.seeded)).toHaveLength(1);
  expect(results.filter((r) => r.customerCreated)).toHaveLength(1);
  demoToken = await login(t, 'demo', DEMO_PASSWORD);
  const [user] = await t.db.query<{ id: number }>(`select id from users where username = 'demo'`);
  demoUserId = user!.id;
}, 60_000);
afterAll(() => t?.close());

async function demoRentalsOf(userId: number) {
  return t.db.query<{ id: number; phone_number: string; demo: boolean; token: string }>(
    `select r.id, r.phone_number, p.demo, r.token from rentals r join phone_numbers p on p.id = r.phone_number_id
     where r.user_id = $1 order by r.id`,
    [userId],
  );
}

describe('seeding', () => {
  test('once: 30 demo numbers, one demo gateway, one demo customer credited once through the ledger', async () => {
    const again = await seedDemo(t.db, testConfig({ DEMO: 'on', DEMO_PASSWORD }, t.config.databaseUrl));
    expect(again.seeded).toBe(false);
    const [counts] = await t.db.query<{ numbers: number; gateways: number; customers: number }>(
      `select (select count(*)::int from phone_numbers where demo) as numbers,
         (select count(*)::int from gateways where demo and kind = 'demo') as gateways,
         (select count(*)::int from users where demo) as customers`,
    );
    expect(counts).toEqual({ numbers: 30, gateways: 1, customers: 1 });
    const numbers = await t.db.query<{ number: string }>(
      'select number from phone_numbers where demo order by number',
    );
    expect(numbers.map((n) => n.number)).toEqual(DEMO_NUMBERS.map((n) => n.number).sort());
    // Reserved for fiction: NANPA 555-0100…0199 and Ofcom's 07700 900xxx.
    for (const { number } of numbers) expect(number).toMatch(/^(\+1\d{3}55501\d{2}|\+447700900\d{3})$/);
    const entries = await t.db.query<{ user_id: number; amount: string }>(
      'select user_id, amount::text as amount from ledger_entries where reference = $1',
      [DEMO_BALANCE_REFERENCE],
    );
    expect(entries).toEqual([{ user_id: demoUserId, amount: '100.000000' }]);
    await expectLedgerConsistent(t.db);
  });

  test('the user info tells the browser who is the demo customer', async () => {
    const info = dataOf<{ demo?: boolean }>(await as(t, demoToken)({ method: 'GET', url: '/auth/info' }));
    expect(info.demo).toBe(true);
  });
});

describe('demo stock and real stock never mix', () => {
  test('the store offers each side only its own stock', async () => {
    const real = await buyer(t);
    await addNumbers(t.db, { country: 'US', count: 2 });
    const stockOf = async (token: string) => {
      const data = dataOf<{ demo: boolean; countries: { code: string; stock: { new: number } }[] }>(
        await as(t, token)({ method: 'GET', url: `/api/store/availability?applicationId=${world.appId}` }),
      );
      return { demo: data.demo, stock: Object.fromEntries(data.countries.map((c) => [c.code, c.stock.new])) };
    };
    const realView = await stockOf(real.token);
    const demoView = await stockOf(demoToken);
    expect(realView.demo).toBe(false);
    expect(demoView).toEqual({ demo: true, stock: { US: 15, GB: 15 } });
    expect(realView.stock.GB).toBeUndefined();
    expect(realView.stock.US).toBeGreaterThanOrEqual(2);
  });

  test('a real customer never gets a demo number: GB has only demo numbers, so nothing is sold', async () => {
    const real = await buyer(t);
    const res = await real.call({
      method: 'POST',
      url: '/api/store/orders',
      payload: purchaseBody(world, { countryCode: 'GB' }),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await demoRentalsOf(real.userId)).toEqual([]);
  });

  test('a demo customer never gets a real number: DE has only real numbers, so nothing is sold', async () => {
    await addNumbers(t.db, { country: 'DE', dial: '+49', count: 3 });
    const res = await as(
      t,
      demoToken,
    )({
      method: 'POST',
      url: '/api/store/orders',
      payload: purchaseBody(world, { countryCode: 'DE' }),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await demoRentalsOf(demoUserId)).filter((r) => !r.demo)).toEqual([]);
  });

  test('at once, real buyers (web store and sms-activate API) and the demo customer each get their own kind', async () => {
    await addNumbers(t.db, { country: 'US', count: 6 });
    const reals = await Promise.all(Array.from({ length: 6 }, () => buyer(t)));
    const [{ api_key: apiKey }] = (await t.db.query<{ api_key: string }>(
      'select api_key from users where id = $1',
      [reals[0]!.userId],
    )) as [{ api_key: string }];
    const demoCall = as(t, demoToken);
    const answers = await Promise.all([
      ...reals.slice(1).map((r) =>
        r.call({
          method: 'POST',
          url: '/api/store/orders',
          payload: purchaseBody(world, { countryCode: 'US' }),
        }),
      ),
      ...Array.from({ length: 4 }, () =>
        demoCall({
          method: 'POST',
          url: '/api/store/orders',
          payload: purchaseBody(world, { countryCode: 'US' }),
        }),
      ),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const compat = await sa(
      t,
      stringify({ api_key: apiKey, action: 'getNumber', service: world.appCode, country: 187 }),
    );
    expect(compat).toMatch(/^ACCESS_NUMBER:/);
    const mixed = await t.db.query(
      `select r.id from rentals r join phone_numbers p on p.id = r.phone_number_id join users u on u.id = r.user_id
       where p.demo <> u.demo`,
    );
    expect(mixed).toEqual([]);
    expect((await demoRentalsOf(demoUserId)).filter((r) => r.demo).length).toBeGreaterThanOrEqual(4);
    await expectLedgerConsistent(t.db);
  }, 30_000);
});

describe('the simulated gateway', () => {
  async function demoBuys(appCode: string) {
    const [app] = await t.db.query<{ id: number }>('select id from applications where code = $1', [appCode]);
    const order = dataOf<{ id: number }>(
      await as(
        t,
        demoToken,
      )({
        method: 'POST',
        url: '/api/store/orders',
        payload: purchaseBody(world, { applicationId: app!.id, countryCode: 'GB' }),
      }),
    );
    const [rental] = await t.db.query<{ id: number; phone_number: string; token: string }>(
      'select id, phone_number, token from rentals where order_id = $1',
      [order.id],
    );
    return rental!;
  }

  test('waits for the delay, then posts a realistic SMS that is attributed and extracted, through the gateway path', async () => {
    const rental = await demoBuys('wa');
    // Not yet due: 5–20 s after the purchase.
    expect(await sendDueDemoSms(t.db, { minSeconds: 5, maxSeconds: 20 })).toBe(0);
    const [scheduled] = await t.db.query<{ delay: number }>(
      `select extract(epoch from s.due_at - r.starts_at)::float as delay
       from demo_sms_schedule s join rentals r on r.id = s.rental_id where s.rental_id = $1`,
      [rental.id],
    );
    expect(scheduled!.delay).toBeGreaterThanOrEqual(5);
    expect(scheduled!.delay).toBeLessThanOrEqual(20);
    await t.db.query(`update demo_sms_schedule set due_at = now() where rental_id = $1`, [rental.id]);
    expect(await sendDueDemoSms(t.db, NOW)).toBeGreaterThanOrEqual(1);
    const [sms] = await t.db.query<{
      sender: string;
      text: string;
      code: string;
      source: string;
      gateway_demo: boolean;
    }>(
      `select m.sender, m.text, m.code, m.source, g.demo as gateway_demo
       from sms_messages m join gateways g on g.id = m.gateway_id where m.rental_id = $1`,
      [rental.id],
    );
    expect(sms!.sender).toBe('WhatsApp');
    expect(sms!.text).toMatch(/^Your WhatsApp code: \d{3}-\d{3}/);
    // A grouped code ("110-708") is stored as the digits typed.
    expect(sms!.text.replace(/\D/g, '')).toContain(sms!.code);
    expect(sms!.gateway_demo).toBe(true);
    // The customer's code link answers with it, as for any gateway's SMS.
    const link = await t.app.inject({ method: 'GET', url: `/api/code/${rental.token}` });
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain(sms!.code);
  });

  test.each(['tg', 'go', 'ig', 'fb', 'mm', 'wb', 'ds', 'ka'])(
    'an SMS of %s carries a code its application’s pattern finds',
    async (code) => {
      const rental = await demoBuys(code);
      await sendDueDemoSms(t.db, NOW);
      const [sms] = await t.db.query<{ code: string | null; text: string }>(
        'select code, text from sms_messages where rental_id = $1',
        [rental.id],
      );
      expect(sms?.code, sms?.text).toBeTruthy();
      expect(sms!.text.replace(/\s/g, '')).toContain(sms!.code!.replace(/\s/g, ''));
    },
  );

  test('never two SMS for one rental: two processes at once, and a send that died before it was recorded', async () => {
    const first = await demoBuys('tg');
    const second = await demoBuys('go');
    const other = await secondPool();
    await Promise.all([sendDueDemoSms(t.db, NOW), sendDueDemoSms(other ?? t.db, NOW)]);
    // A process stored the SMS of a rental and died before marking it sent; its lease then ran out.
    await t.db.query(
      `update demo_sms_schedule set sent_at = null, leased_until = now() - interval '1 second'
      where rental_id = $1`,
      [second.id],
    );
    const [gateway] = await t.db.query<{ id: number }>(`select id from gateways where kind = 'demo'`);
    await Promise.all([sendDueDemoSms(t.db, NOW), sendDueDemoSms(other ?? t.db, NOW)]);
    await other?.close();
    for (const rental of [first, second]) {
      const rows = await t.db.query<{ external_id: string; source: string }>(
        'select external_id, source from sms_messages where rental_id = $1',
        [rental.id],
      );
      expect(rows).toEqual([{ external_id: demoExternalId(rental.id), source: demoSource(gateway!.id) }]);
    }
    const left = await t.db.query(
      'select rental_id from demo_sms_schedule where sent_at is null and rental_id = any($1::int[])',
      [[first.id, second.id]],
    );
    expect(left).toEqual([]);
  }, 30_000);

  test('a purchase made before a restart still gets its SMS: the schedule lives in the database', async () => {
    const rental = await demoBuys('tg');
    // The process that saw the purchase stopped before its job ran: a new one (no memory) picks it up.
    expect(await t.db.query('select 1 from demo_sms_schedule where rental_id = $1', [rental.id])).toEqual([]);
    await t.db.query(`update rentals set starts_at = now() - interval '30 seconds' where id = $1`, [
      rental.id,
    ]);
    expect(await sendDueDemoSms(t.db, { minSeconds: 5, maxSeconds: 20 })).toBeGreaterThanOrEqual(1);
    const rows = await t.db.query('select id from sms_messages where rental_id = $1', [rental.id]);
    expect(rows).toHaveLength(1);
  });

  test('an SMS reaching a demo number some other way is still ingested normally (the demo path adds nothing special)', async () => {
    const rental = await demoBuys('ds');
    const stored = await ingestSms(t.db, {
      gatewayId: null,
      source: 'test',
      externalId: null,
      to: rental.phone_number,
      from: 'Discord',
      text: 'Your Discord verification code is: 776655',
    });
    expect(stored.rentalId).toBe(rental.id);
    expect(stored.code).toBe('776655');
  });
});
