import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createSession,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';
import { as, buyer, dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';
import { ago, type Buyer, buy, csvObjects, type Page, parseCsv, smsTo, unmatchedSms } from './sms-helpers';

type Item = {
  id: number;
  receivedAt: string;
  phoneNumber: string;
  rentalId: number;
  application: { id: number; code: string; nameZh: string; nameEn: string; iconPath: string };
  sender: string;
  text: string;
  code: string | null;
};

let t: TestApp;
let world: StoreWorld;
let other: StoreWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db);
  other = await storeWorld(t.db);
  await t.db.query(`update applications set icon_path = '/api/files/icon-1' where id = $1`, [other.appId]);
});
afterAll(() => t?.close());

const history = async (b: Buyer, query = '') =>
  dataOf<Page<Item>>(await b.call({ method: 'GET', url: `/api/sms-history${query}` }));

describe('only the owner sees the SMS of their rentals', () => {
  test('A sees exactly her messages; B, unmatched SMS and an empty agent never leak', async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const aOrder = await buy(t, world, a, { quantity: 2 });
    const bOrder = await buy(t, world, b);
    const [a1, a2] = aOrder.phones;
    const b1 = bOrder.phones[0]!;
    const ids = {
      a1: await smsTo(t.db, a1!.rentalId, { text: 'A first 111111', code: '111111', minutesAgo: 3 }),
      a2: await smsTo(t.db, a2!.rentalId, { text: 'A second 222222', code: '222222', minutesAgo: 2 }),
      b1: await smsTo(t.db, b1.rentalId, { text: 'B only 333333', code: '333333', minutesAgo: 1 }),
    };
    // Same number as A's, but attributed to no rental: administrators only.
    await unmatchedSms(t.db, a1!.phoneNumber, { text: 'stray 999999', applicationId: world.appId });

    const pageA = await history(a);
    expect(pageA.total).toBe(2);
    expect(pageA.list.map((m) => m.id)).toEqual([ids.a2, ids.a1]);
    expect(pageA.list[0]).toMatchObject({
      phoneNumber: a2!.phoneNumber,
      rentalId: a2!.rentalId,
      sender: 'TestSender',
      text: 'A second 222222',
      code: '222222',
      application: { id: world.appId, code: world.appCode, nameEn: `Test app ${world.appCode}` },
    });
    const pageB = await history(b);
    expect(pageB.list.map((m) => m.id)).toEqual([ids.b1]);

    // B cannot reach A's messages through a filter either.
    expect((await history(b, `?phoneNumber=${encodeURIComponent(a1!.phoneNumber)}`)).total).toBe(0);
    const bCsv = csvObjects(await b.call({ method: 'GET', url: '/api/sms-history/export' }));
    expect(bCsv.map((r) => r.短信内容)).toEqual(['B only 333333']);

    // An agent granted the permission owns no rental: an empty history.
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    await setUserPermission(t.db, agent.userId, 'api:records', 'grant');
    const agentCall = as(t, await createSession(t.db, agent.userId));
    expect(dataOf<Page<Item>>(await agentCall({ method: 'GET', url: '/api/sms-history' })).total).toBe(0);

    // The application filter offers only what the user rented.
    const apps = dataOf<{ id: number }[]>(
      await a.call({ method: 'GET', url: '/api/sms-history/applications' }),
    );
    expect(apps.map((x) => x.id)).toEqual([world.appId]);
  });

  test('an agent without api:records gets 403 on every history route', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    const call = as(t, agent.token);
    for (const url of ['/api/sms-history', '/api/sms-history/export', '/api/sms-history/applications']) {
      const body = expectErrorEnvelope(await call({ method: 'GET', url }), 403);
      expect(body.message).toBe('没有权限访问该资源');
    }
  });

  test('a customer whose api:records is revoked gets 403', async () => {
    const c = await buyer(t);
    await setUserPermission(t.db, c.userId, 'api:records', 'revoke');
    expectErrorEnvelope(await c.call({ method: 'GET', url: '/api/sms-history' }), 403);
  });
});

describe('filters, paging and sorting', () => {
  let b: Buyer;
  const ids: Record<string, number> = {};
  let numbers: string[] = [];
  beforeAll(async () => {
    b = await buyer(t);
    const first = await buy(t, world, b, { quantity: 2 });
    const second = await buy(t, other, b, { validityOptionId: other.dayId });
    numbers = [...first.phones, ...second.phones].map((p) => p.phoneNumber);
    const [r1, r2] = first.phones.map((p) => p.rentalId);
    const r3 = second.phones[0]!.rentalId;
    ids.old = await smsTo(t.db, r1!, {
      text: 'old 100001',
      code: '100001',
      receivedAt: '2024-01-10T08:00:00Z',
    });
    ids.noCode = await smsTo(t.db, r1!, { text: 'Welcome, no code here', code: null, minutesAgo: 30 });
    ids.second = await smsTo(t.db, r2!, { text: 'second 200002', code: '200002', minutesAgo: 20 });
    ids.other = await smsTo(t.db, r3, { text: 'other app 300003', code: '300003', minutesAgo: 10 });
  });

  test('newest first by default; ascending and descending by received time', async () => {
    expect((await history(b)).list.map((m) => m.id)).toEqual([ids.other, ids.second, ids.noCode, ids.old]);
    const asc = await history(b, '?sortField=receivedAt&sortOrder=ascend');
    expect(asc.list.map((m) => m.id)).toEqual([ids.old, ids.noCode, ids.second, ids.other]);
    const desc = await history(b, '?sortField=receivedAt&sortOrder=descend');
    expect(desc.list.map((m) => m.id)).toEqual([ids.other, ids.second, ids.noCode, ids.old]);
    // A field the list does not sort by is a 400, not a silent fallback.
    const unknown = await b.call({ method: 'GET', url: '/api/sms-history?sortField=text' });
    expect(expectErrorEnvelope(unknown, 400).error).toBe('SORT_FIELD_UNKNOWN');
  });

  test('pages do not overlap and report the total', async () => {
    const p1 = await history(b, '?page=1&pageSize=3');
    const p2 = await history(b, '?page=2&pageSize=3');
    expect(p1).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(p2.list.map((m) => m.id)).toEqual([ids.old]);
    expect((await history(b, '?page=9&pageSize=3')).list).toEqual([]);
  });

  test('phone number (contains, any punctuation), application, has code, date range', async () => {
    const number = numbers[0]!;
    const part = number.slice(3, 9);
    const spaced = `${part.slice(0, 3)} ${part.slice(3)}`;
    const byPart = await history(b, `?phoneNumber=${encodeURIComponent(spaced)}`);
    expect(byPart.list.every((m) => m.phoneNumber.includes(part))).toBe(true);
    expect(byPart.list.map((m) => m.id)).toEqual(expect.arrayContaining([ids.noCode, ids.old]));
    const byFull = await history(b, `?phoneNumber=${encodeURIComponent(number)}`);
    // The other application's order may have been sold the same number: a number serves several
    // applications at once, and purchases pick free numbers from a random point of the stock.
    const sameNumber = numbers[2] === number;
    expect(byFull.list.map((m) => m.id)).toEqual(
      sameNumber ? [ids.other, ids.noCode, ids.old] : [ids.noCode, ids.old],
    );

    const byApp = await history(b, `?applicationId=${other.appId}`);
    expect(byApp.list.map((m) => m.id)).toEqual([ids.other]);
    expect(byApp.list[0]!.application.iconPath).toBe('/api/files/icon-1');

    expect((await history(b, '?hasCode=false')).list.map((m) => m.id)).toEqual([ids.noCode]);
    expect((await history(b, '?hasCode=true')).total).toBe(3);

    const range = `?from=${encodeURIComponent('2024-01-10T00:00:00+08:00')}&to=${encodeURIComponent('2024-01-11T00:00:00+08:00')}`;
    expect((await history(b, range)).list.map((m) => m.id)).toEqual([ids.old]);
    const recent = await history(b, `?from=${encodeURIComponent(ago(25))}&hasCode=true`);
    expect(recent.list.map((m) => m.id)).toEqual([ids.other, ids.second]);
    // Filters combine; empty values are ignored, as the browser sends them.
    expect((await history(b, `?phoneNumber=&applicationId=&hasCode=&from=&to=`)).total).toBe(4);
  });
});

describe('CSV export', () => {
  test('header, rows of the filter, escaping of commas, quotes, line breaks and Chinese; no formulas', async () => {
    const b = await buyer(t);
    const order = await buy(t, world, b);
    const rentalId = order.phones[0]!.rentalId;
    const tricky = '您的验证码是 "654321", 请勿泄露\r\n第二行, end';
    await smsTo(t.db, rentalId, {
      text: tricky,
      code: '654321',
      sender: '=HYPERLINK("http://x")',
      minutesAgo: 2,
    });
    await smsTo(t.db, rentalId, { text: '@SUM(1+1)', code: '-12', sender: '+Bank', minutesAgo: 1 });
    await smsTo(t.db, rentalId, { text: 'filtered out', code: null, minutesAgo: 0 });

    const zh = parseCsv(await b.call({ method: 'GET', url: '/api/sms-history/export?hasCode=true' }));
    expect(zh[0]).toEqual(['接收时间', '号码', '应用代码', '应用', '发送方', '短信内容', '验证码']);
    expect(zh).toHaveLength(3);
    const [newest, older] = [zh[1]!, zh[2]!];
    expect(newest.slice(1)).toEqual([
      `'${order.phones[0]!.phoneNumber}`,
      world.appCode,
      `测试应用${world.appCode}`,
      "'+Bank",
      "'@SUM(1+1)",
      '-12',
    ]);
    expect(older[4]).toBe(`'=HYPERLINK("http://x")`);
    expect(older[5]).toBe(tricky);
    expect(older[6]).toBe('654321');

    const en = await b.call({
      method: 'GET',
      url: '/api/sms-history/export',
      headers: { 'x-locale': 'en-US' },
    });
    const enRows = parseCsv(en);
    expect(enRows[0]).toEqual([
      'Received at',
      'Number',
      'Application code',
      'Application',
      'Sender',
      'Text',
      'Code',
    ]);
    expect(enRows).toHaveLength(4);
    expect(enRows[1]![3]).toBe(`Test app ${world.appCode}`);
    expect(en.headers['content-disposition']).toContain('sms-history.csv');
  });
});

describe('bad input answers 400, never 500', () => {
  test.each([
    ['from=2024-13-45', '日期须为带时区的 ISO 8601 时间'],
    ['to=yesterday', '日期须为带时区的 ISO 8601 时间'],
    ['from=2024-05-01T00:00:00', '日期须为带时区的 ISO 8601 时间'],
    ['from=2024-05-02T00:00:00Z&to=2024-05-01T00:00:00Z', '结束时间必须晚于开始时间'],
    [`phoneNumber=${'1'.repeat(33)}`, '号码最多 32 个字符'],
    ['phoneNumber=abc', '号码最多 32 个字符'],
    ['hasCode=maybe', '“有验证码”须为 true 或 false'],
    ['applicationId=-1', ''],
    ['applicationId=abc', ''],
    ['pageSize=0', ''],
    ['pageSize=501', ''],
    ['pageSize=abc', ''],
    ['page=0', ''],
    ['sortOrder=up', ''],
    [`sortField=${'x'.repeat(65)}`, ''],
  ])('%s', async (query, message) => {
    const b = await buyer(t, '0');
    for (const url of [`/api/sms-history?${query}`, `/api/sms-history/export?${query}`]) {
      if (url.includes('export') && /page|sort/.test(query)) continue;
      const body = expectErrorEnvelope(await b.call({ method: 'GET', url }), 400);
      if (message) expect(body.message).toContain(message);
    }
  });

  test('English messages in en-US', async () => {
    const b = await buyer(t, '0');
    const res = await b.call({ method: 'GET', url: '/api/sms-history?hasCode=1', locale: 'en-US' });
    expect(expectErrorEnvelope(res, 400).message).toContain('"Has code" must be true or false');
  });
});
