import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  auditEntriesOf,
  createTestApp,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';
import {
  addNumbers,
  as,
  backdate,
  balanceOf,
  buyer,
  dataOf,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';

let t: TestApp;
let world: StoreWorld;
let admin: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp({ STORE_COOLDOWN_MINUTES: '10' });
  world = await storeWorld(t.db);
  admin = as(t, await login(t, ADMIN.username, ADMIN.password));
  customer = as(t, (await loginAs(t, USER_TYPE.CUSTOMER)).token);
});
afterAll(async () => {
  if (!t) return;
  await expectLedgerConsistent(t.db);
  await t.close();
});

const PATTERN_TEST = '/api/admin/tools/pattern-test';

describe('pattern tester', () => {
  test('shows what the inbound path extracts: the code pattern first, the general extractor after', async () => {
    const text = 'Your Telegram code is 48291. Order #77881 ships 2024-05-01.';
    const withPattern = dataOf(
      await admin({
        method: 'POST',
        url: PATTERN_TEST,
        payload: {
          codePattern: String.raw`code is (\d{5})`,
          senderPattern: 'telegram',
          sender: 'Telegram',
          text,
        },
      }),
    );
    expect(withPattern).toEqual({
      attributed: true,
      patternCode: '48291',
      generalCode: '48291',
      code: '48291',
      source: 'pattern',
      rule: 'application',
      // What the general extractor set aside, and why, in the order the message reads.
      rejected: [
        { text: '77881', reason: 'reference' },
        { text: '2024-05-01', reason: 'date' },
      ],
    });

    // A pattern that misses falls back to the general extractor, which skips the order number and the date.
    const missing = dataOf(
      await admin({
        method: 'POST',
        url: PATTERN_TEST,
        payload: { codePattern: String.raw`PIN (\d+)`, text },
      }),
    );
    expect(missing).toMatchObject({
      patternCode: null,
      generalCode: '48291',
      code: '48291',
      source: 'general',
      rule: 'general',
    });

    // The user's own pattern comes after the application's, before the general extractor.
    const userRule = dataOf(
      await admin({
        method: 'POST',
        url: PATTERN_TEST,
        payload: { codePattern: String.raw`PIN (\d+)`, userPattern: String.raw`Order #(\d+)`, text },
      }),
    );
    expect(userRule).toMatchObject({ patternCode: null, code: '77881', source: 'pattern', rule: 'user' });

    // A bank notice: no code, and every number has its reason.
    const notice = dataOf(
      await admin({
        method: 'POST',
        url: PATTERN_TEST,
        payload: {
          text: 'Карта *1234: покупка 1 250,00 RUB 12.05.24 14:30. Text STOP to 87121. Call (817) 697-4520',
        },
      }),
    );
    expect(notice).toMatchObject({ code: null, rule: null });
    expect(
      Object.fromEntries(
        (notice.rejected as { text: string; reason: string }[]).map((r) => [r.text, r.reason]),
      ),
    ).toEqual({
      '*1234': 'cardOrAccount',
      '1 250,00 RUB': 'money',
      '12.05.24': 'date',
      '14:30': 'time',
      '87121': 'shortCode',
      '(817) 697-4520': 'phone',
    });

    const wrongSender = dataOf(
      await admin({
        method: 'POST',
        url: PATTERN_TEST,
        payload: { senderPattern: '^WhatsApp$', sender: 'Telegram', text: 'code 1234' },
      }),
    );
    expect(wrongSender.attributed).toBe(false);

    const none = dataOf(await admin({ method: 'POST', url: PATTERN_TEST, payload: { text: 'Hello there' } }));
    expect(none).toEqual({
      attributed: true,
      patternCode: null,
      generalCode: null,
      code: null,
      source: null,
      rule: null,
      rejected: [],
    });
  });

  test('a pattern RE2 cannot run, or no sample, is a 400 in the caller\u2019s language', async () => {
    const backReference = await admin({
      method: 'POST',
      url: PATTERN_TEST,
      payload: { codePattern: String.raw`(\d)\1`, text: 'code 1122' },
    });
    expectErrorEnvelope(backReference, 400);
    expect(backReference.json().message).toMatch(/[\u4e00-\u9fff]/);

    const noSample = await admin({
      method: 'POST',
      url: PATTERN_TEST,
      locale: 'en-US',
      payload: { codePattern: String.raw`(\d+)` },
    });
    expectErrorEnvelope(noSample, 400);
    expect(noSample.json().message).toContain('Enter a sample SMS');

    const tooLong = await admin({ method: 'POST', url: PATTERN_TEST, payload: { text: 'x'.repeat(4097) } });
    expectErrorEnvelope(tooLong, 400);
    expect(tooLong.json().message).toContain('示例短信最多 4096 个字符');
  });

  test('an exponential-time pattern on a hostile text answers at once (re2js is linear)', async () => {
    const res = await admin({
      method: 'POST',
      url: PATTERN_TEST,
      payload: { codePattern: '(a+)+$', text: `${'a'.repeat(4000)}!` },
    });
    expect(dataOf(res)).toMatchObject({ patternCode: null });
  });

  test('customers may not use it; anonymous callers neither', async () => {
    expectErrorEnvelope(
      await customer({ method: 'POST', url: PATTERN_TEST, payload: { text: 'code 1234' } }),
      403,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: PATTERN_TEST,
      payload: { text: 'code 1234' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('expiry sweep now', () => {
  test('ends due rentals once, refunds the activations without an SMS, reports it and writes an audit row', async () => {
    const b = await buyer(t, '1');
    await addNumbers(t.db, { count: 2 });
    const order = dataOf<{ phones: { rentalId: number }[] }>(
      await b.call({
        method: 'POST',
        url: '/api/store/orders',
        payload: purchaseBody(world, { quantity: 2 }),
      }),
    );
    const ids = order.phones.map((p) => p.rentalId);
    await backdate(t.db, ids, { expired: true });

    const first = dataOf<{ ended: number; refunded: number; cooled: number }>(
      await admin({ method: 'POST', url: '/api/admin/tools/sweep' }),
    );
    expect(first.ended).toBeGreaterThanOrEqual(2);
    expect(first.refunded).toBeGreaterThanOrEqual(2);
    expect(await balanceOf(t.db, b.userId)).toBe('1.000000');
    const statuses = await t.db.query<{ status: string }>(
      'select status from rentals where id = any($1::int[])',
      [ids],
    );
    expect(statuses.map((s) => s.status)).toEqual(['expired', 'expired']);

    const again = dataOf<{ ended: number; refunded: number }>(
      await admin({ method: 'POST', url: '/api/admin/tools/sweep' }),
    );
    expect(again).toMatchObject({ ended: 0, refunded: 0 });
    expect(await balanceOf(t.db, b.userId)).toBe('1.000000');
    const entries = await auditEntriesOf(t.db, 'stock', 'rentals');
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  test('needs admin:tools:edit: the list permission alone is refused', async () => {
    // An agent granted admin:tools:list may use the tester, not the sweep.
    const staff = await loginAs(t, USER_TYPE.AGENT);
    await setUserPermission(t.db, staff.userId, 'admin:tools:list', 'grant');
    const call = as(t, staff.token);
    expect(
      dataOf(await call({ method: 'POST', url: PATTERN_TEST, payload: { text: 'code 1234' } })),
    ).toMatchObject({
      code: '1234',
    });
    expectErrorEnvelope(await call({ method: 'POST', url: '/api/admin/tools/sweep' }), 403);
    expectErrorEnvelope(await customer({ method: 'POST', url: '/api/admin/tools/sweep' }), 403);
  });
});

describe('settings export', () => {
  test('a JSON document of the catalog, prices, gateways without secrets, announcements, ads and contacts', async () => {
    await t.db.query(
      `insert into gateways (kind, name, secret, config)
       values ('smpp', 'export-test', 'TOP-SECRET-VALUE', '{"host":"smsc.example","port":2775,"systemId":"jiema","password":"bind-pass-123"}')`,
    );
    const res = await admin({ method: 'GET', url: '/api/admin/tools/settings-export' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="jiema-settings-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(res.body).not.toContain('TOP-SECRET-VALUE');
    expect(res.body).not.toContain('bind-pass-123');
    const document = res.json();
    expect(document).toMatchObject({ format: 'jiema-settings', version: 1 });
    for (const section of [
      'countries',
      'operators',
      'applications',
      'validityOptions',
      'priceRules',
      'gateways',
      'announcements',
      'ads',
      'contacts',
    ]) {
      expect(Array.isArray(document[section]), section).toBe(true);
    }
    const gateway = document.gateways.find((g: { name: string }) => g.name === 'export-test');
    expect(gateway).toMatchObject({
      kind: 'smpp',
      config: { host: 'smsc.example', port: 2775, systemId: 'jiema' },
    });
    expect(gateway).not.toHaveProperty('secret');
    const app = document.applications.find((a: { id: number }) => a.id === world.appId);
    expect(app).toMatchObject({ code: world.appCode });
    const prices = document.priceRules.filter(
      (r: { application_id: number }) => r.application_id === world.appId,
    );
    expect(prices.map((p: { price: string }) => p.price)).toContain('0.123456');
    expect(document.countries.length).toBeGreaterThan(100);
    expect(await auditEntriesOf(t.db, 'settings', 'all')).not.toHaveLength(0);
  });

  test('customers get a 403 in their language', async () => {
    const res = await customer({ method: 'GET', url: '/api/admin/tools/settings-export', locale: 'en-US' });
    expectErrorEnvelope(res, 403);
  });
});
