import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  createSession,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';
import { as, buyer, dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';
import { type Buyer, buy, csvObjects, type Page, smsTo, unmatchedSms } from './sms-helpers';

type SmsRecord = {
  id: number;
  receivedAt: string;
  phoneNumber: string;
  sender: string;
  text: string;
  code: string | null;
  source: string;
  matched: boolean;
  rentalId: number | null;
  userId: number | null;
  username: string | null;
  application: { id: number; code: string } | null;
};

let t: TestApp;
let world: StoreWorld;
let admin: ReturnType<typeof as>;
let owner: Buyer;
let rentalId: number;
let number: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db);
  admin = as(t, await login(t, ADMIN.username, ADMIN.password));
  owner = await buyer(t);
  const order = await buy(t, world, owner);
  rentalId = order.phones[0]!.rentalId;
  number = order.phones[0]!.phoneNumber;
  ids.matched = await smsTo(t.db, rentalId, {
    sender: 'Telegram',
    text: 'Telegram code 55555',
    code: '55555',
    minutesAgo: 5,
  });
  ids.strayApp = await unmatchedSms(t.db, number, {
    sender: 'TELEGRAM',
    text: 'late 77777',
    code: '77777',
    applicationId: world.appId,
    source: 'smsgate',
    minutesAgo: 3,
  });
  ids.stray = await unmatchedSms(t.db, '+447700900123', {
    sender: '100%_off',
    text: 'Promo, "50%" off',
    minutesAgo: 1,
  });
});
afterAll(() => t?.close());

const records = async (query = '') =>
  dataOf<Page<SmsRecord>>(await admin({ method: 'GET', url: `/api/admin/sms-records${query}` }));

describe('administrators: every stored SMS', () => {
  test('matched ones with their user and application, unmatched ones too', async () => {
    const page = await records();
    expect(page.total).toBe(3);
    expect(page.list.map((r) => r.id)).toEqual([ids.stray, ids.strayApp, ids.matched]);
    const [stray, strayApp, matched] = page.list;
    expect(matched).toMatchObject({
      matched: true,
      rentalId,
      userId: owner.userId,
      username: owner.username,
      phoneNumber: number,
      code: '55555',
      application: { id: world.appId, code: world.appCode },
    });
    expect(strayApp).toMatchObject({
      matched: false,
      rentalId: null,
      username: null,
      source: 'smsgate',
      application: { id: world.appId },
    });
    expect(stray).toMatchObject({ matched: false, username: null, application: null, code: null });
  });

  test('filters: matched / unmatched, sender (contains, any case, % and _ literal), number, application, dates', async () => {
    expect((await records('?match=unmatched')).list.map((r) => r.id)).toEqual([ids.stray, ids.strayApp]);
    expect((await records('?match=matched')).list.map((r) => r.id)).toEqual([ids.matched]);
    expect((await records('?sender=telegram')).list.map((r) => r.id)).toEqual([ids.strayApp, ids.matched]);
    expect((await records('?sender=0%25_')).list.map((r) => r.id)).toEqual([ids.stray]);
    expect((await records('?sender=%25')).list.map((r) => r.id)).toEqual([ids.stray]);
    expect((await records('?sender=1_0')).total).toBe(0);
    expect((await records(`?phoneNumber=${encodeURIComponent(number)}`)).total).toBe(2);
    expect((await records('?phoneNumber=%2B44%207700')).list.map((r) => r.id)).toEqual([ids.stray]);
    expect((await records(`?applicationId=${world.appId}&match=unmatched`)).list.map((r) => r.id)).toEqual([
      ids.strayApp,
    ]);
    const since = encodeURIComponent(new Date(Date.now() - 4 * 60_000).toISOString());
    expect((await records(`?from=${since}`)).list.map((r) => r.id)).toEqual([ids.stray, ids.strayApp]);
    expect((await records(`?to=${since}`)).list.map((r) => r.id)).toEqual([ids.matched]);
  });

  test('paging and sorting by received time', async () => {
    const p2 = await records('?page=2&pageSize=2');
    expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.list.map((r) => r.id)).toEqual([ids.matched]);
    const asc = await records('?sortField=receivedAt&sortOrder=ascend');
    expect(asc.list.map((r) => r.id)).toEqual([ids.matched, ids.strayApp, ids.stray]);
  });

  test('CSV export with the unmatched ones, escaped', async () => {
    const rows = csvObjects(await admin({ method: 'GET', url: '/api/admin/sms-records/export' }));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      号码: "'+447700900123",
      发送方: '100%_off',
      短信内容: 'Promo, "50%" off',
      匹配状态: 'unmatched',
      用户名: '',
      应用: '',
    });
    expect(rows[2]).toMatchObject({ 匹配状态: 'matched', 用户名: owner.username, 验证码: '55555' });
    const en = csvObjects(
      await admin({ method: 'GET', url: '/api/admin/sms-records/export?match=matched', locale: 'en-US' }),
    );
    expect(en).toEqual([
      expect.objectContaining({ Match: 'matched', Username: owner.username, Source: 'test' }),
    ]);
  });

  test('the applications of the log filters include disabled ones', async () => {
    await t.db.query('update applications set enabled = false where id = $1', [world.appId]);
    const apps = dataOf<{ id: number }[]>(
      await admin({ method: 'GET', url: '/api/admin/sms-history/applications' }),
    );
    expect(apps.map((a) => a.id)).toContain(world.appId);
    await t.db.query('update applications set enabled = true where id = $1', [world.appId]);
  });
});

describe('permissions and bad input', () => {
  test('a customer gets 403 on every admin route; the owner sees the matched SMS in her history only', async () => {
    for (const url of [
      '/api/admin/sms-records',
      '/api/admin/sms-records/export',
      '/api/admin/sms-history/applications',
    ]) {
      expectErrorEnvelope(await owner.call({ method: 'GET', url }), 403);
    }
    const mine = dataOf<Page<{ id: number }>>(await owner.call({ method: 'GET', url: '/api/sms-history' }));
    expect(mine.list.map((m) => m.id)).toEqual([ids.matched]);
  });

  test('an agent with admin:logs:list reads the log but cannot export it', async () => {
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    await setUserPermission(t.db, agent.userId, 'admin:logs:list', 'grant');
    const call = as(t, await createSession(t.db, agent.userId));
    expect(dataOf<Page<unknown>>(await call({ method: 'GET', url: '/api/admin/sms-records' })).total).toBe(3);
    expectErrorEnvelope(await call({ method: 'GET', url: '/api/admin/sms-records/export' }), 403);
    const plain = await loginAs(t, USER_TYPE.AGENT);
    expectErrorEnvelope(await as(t, plain.token)({ method: 'GET', url: '/api/admin/sms-records' }), 403);
  });

  test.each([
    'match=both',
    `sender=${'s'.repeat(65)}`,
    'phoneNumber=%3Dcmd',
    'from=2024-02-30T00:00:00Z',
    'from=2024-05-01&to=2024-05-02',
    'to=2024-01-01T00:00:00Z&from=2024-01-01T00:00:00Z',
    'applicationId=99999999999',
  ])('%s: 400', async (query) => {
    for (const url of [`/api/admin/sms-records?${query}`, `/api/admin/sms-records/export?${query}`]) {
      expectErrorEnvelope(await admin({ method: 'GET', url }), 400);
    }
  });
});
