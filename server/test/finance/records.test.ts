import { randomUUID } from 'node:crypto';
import { USER_TYPE, ZAdminLedgerEntry, ZAuditLog, ZFinanceRecord } from '@jiema/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, authed, createTestApp, expectErrorEnvelope, login, loginAs, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let alice: Awaited<ReturnType<typeof loginAs>>;
let bob: Awaited<ReturnType<typeof loginAs>>;

const get = (url: string, token = admin, locale?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...authed(token), ...(locale ? { 'x-locale': locale } : {}) },
  });
const data = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const adjust = async (userId: number, type: 'reward' | 'deduction', amount: string, note: string) =>
  data(
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/balance`,
      payload: { type, amount, note, requestId: randomUUID() },
      headers: authed(admin),
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, ADMIN.username, ADMIN.password);
  alice = await loginAs(t, USER_TYPE.CUSTOMER);
  bob = await loginAs(t, USER_TYPE.CUSTOMER);
  await adjust(alice.userId, 'reward', '100', 'first reward');
  await adjust(alice.userId, 'deduction', '30.25', 'fee');
  await adjust(alice.userId, 'reward', '0.5', 'bonus');
  await adjust(bob.userId, 'reward', '9', 'bob reward');
  // An older entry, to filter by date.
  await t.db.query(
    `update ledger_entries set created_at = '2021-06-01T00:00:00Z' where note = 'first reward'`,
  );
});
afterAll(() => t?.close());

describe('finance detail: own entries only', () => {
  test("lists the caller's entries, newest first, without who made them", async () => {
    const page = data(await get('/api/finance/records', alice.token));
    expect(page.total).toBe(3);
    expect(page.list.map((r: { note: string }) => r.note)).toEqual(['bonus', 'fee', 'first reward']);
    for (const row of page.list) ZFinanceRecord.strict().parse(row);
    expect(page.list[1]).toMatchObject({
      type: 'deduction',
      amount: '-30.250000',
      balanceAfter: '69.750000',
    });
    expect(JSON.stringify(page)).not.toContain('bob');
    const bobs = data(await get('/api/finance/records', bob.token));
    expect(bobs.list.map((r: { note: string }) => r.note)).toEqual(['bob reward']);
  });

  test('filters by type and dates; pages; sorts by amount', async () => {
    const rewards = data(await get('/api/finance/records?type=reward', alice.token));
    expect(rewards.list.map((r: { amount: string }) => r.amount)).toEqual(['0.500000', '100.000000']);
    const recent = data(
      await get(`/api/finance/records?from=${encodeURIComponent('2022-01-01T00:00:00+08:00')}`, alice.token),
    );
    expect(recent.total).toBe(2);
    const old = data(await get('/api/finance/records?to=2022-01-01T00:00:00Z', alice.token));
    expect(old.list.map((r: { note: string }) => r.note)).toEqual(['first reward']);
    const paged = data(await get('/api/finance/records?pageSize=2&page=2', alice.token));
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.list).toHaveLength(1);
    const byAmount = data(await get('/api/finance/records?sortField=amount&sortOrder=ascend', alice.token));
    expect(byAmount.list.map((r: { amount: string }) => r.amount)).toEqual([
      '-30.250000',
      '0.500000',
      '100.000000',
    ]);
  });

  test("a userId in the query is ignored: never another user's entries", async () => {
    const page = data(await get(`/api/finance/records?userId=${bob.userId}`, alice.token));
    expect(page.list.every((r: { note: string }) => r.note !== 'bob reward')).toBe(true);
  });

  test("one entry: own 200, another user's 404", async () => {
    const [own] = await t.db.query<{ id: number }>(
      'select id from ledger_entries where user_id = $1 limit 1',
      [alice.userId],
    );
    const [theirs] = await t.db.query<{ id: number }>(
      'select id from ledger_entries where user_id = $1 limit 1',
      [bob.userId],
    );
    expect(data(await get(`/api/finance/records/${own!.id}`, alice.token)).id).toBe(own!.id);
    expect(
      expectErrorEnvelope(await get(`/api/finance/records/${theirs!.id}`, alice.token), 404).message,
    ).toBe('请求的资源不存在');
    expectErrorEnvelope(await get('/api/finance/records/99999999', alice.token), 404);
  });

  test.each([
    [
      'type=gift',
      'type',
      '交易类型只能是充值、消费、退款、奖励或扣除',
      'The transaction type is one of recharge, consume, refund, reward or deduction',
    ],
    [
      'from=2024-13-01',
      'from',
      '日期格式不正确（需要带时区的 ISO 8601 时间）',
      'Invalid date (an ISO 8601 time with a time zone is expected)',
    ],
    ['pageSize=0', 'pageSize', null, null],
  ])('a bad filter %s: 400 naming %s', async (query, path, zh, en) => {
    for (const [locale, message] of [
      ['zh-CN', zh],
      ['en-US', en],
    ] as const) {
      const body = expectErrorEnvelope(
        await get(`/api/finance/records?${query}`, alice.token, locale),
        400,
      ) as {
        errors: { path: string; message: string }[];
      };
      expect(body.errors.map((e) => e.path)).toContain(path);
      if (message) expect(body.errors).toContainEqual({ path, message });
    }
  });

  test('CSV export: own entries with the filters, exact amounts', async () => {
    const res = await get('/api/finance/records/export?type=reward', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('finance-records.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,created_at,type,amount,balance_after,reference,note');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,reward,0\.500000,70\.250000,adjust:[0-9a-f-]{36},bonus$/);
    expect(res.body).not.toContain('bob');
    const bobs = await get('/api/finance/records/export', bob.token);
    expect(bobs.body).toContain('bob reward');
    expect(bobs.body).not.toContain('fee');
  });

  test('agents have no finance:detail by default: 403', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    expectErrorEnvelope(await get('/api/finance/records', agent.token), 403);
    expectErrorEnvelope(await get('/api/finance/records/export', agent.token), 403);
  });
});

describe('finance log (administrators): everyone', () => {
  test("everyone's entries with user and actor", async () => {
    const page = data(await get('/api/admin/finance/records?pageSize=100'));
    expect(page.total).toBe(4);
    for (const row of page.list) ZAdminLedgerEntry.strict().parse(row);
    expect(page.list[0]).toMatchObject({
      userId: bob.userId,
      username: bob.username,
      actorName: ADMIN.username,
    });
  });

  test('filters: user id, username/email text, type, dates, reference', async () => {
    const notes = async (q: string) =>
      (data(await get(`/api/admin/finance/records?${q}`)).list as { note: string }[]).map((r) => r.note);
    expect(await notes(`userId=${alice.userId}`)).toEqual(['bonus', 'fee', 'first reward']);
    expect(await notes(`user=${bob.username.toUpperCase()}`)).toEqual(['bob reward']);
    expect(await notes(`user=${encodeURIComponent(alice.email)}&type=deduction`)).toEqual(['fee']);
    expect(await notes('to=2022-01-01T00:00:00Z')).toEqual(['first reward']);
    const [entry] = await t.db.query<{ reference: string }>(
      `select reference from ledger_entries where note = 'fee'`,
    );
    expect(await notes(`reference=${entry!.reference.slice(10, 30)}`)).toEqual(['fee']);
    expect(await notes('reference=nothing-like-this')).toEqual([]);
    expect(await notes('sortField=username&sortOrder=ascend&pageSize=1')).toHaveLength(1);
  });

  test('CSV export of the finance log with the filters', async () => {
    const res = await get(`/api/admin/finance/records/export?userId=${alice.userId}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,created_at,user_id,username,type,amount,balance_after,reference,note,actor');
    expect(lines).toHaveLength(4);
    expect(lines.every((l, i) => i === 0 || l.includes(`,${alice.userId},${alice.username},`))).toBe(true);
    expect(lines[2]).toContain(',deduction,-30.250000,69.750000,');
  });

  test("the user drawer lists one user's entries (admin:user:list); an unknown user 404", async () => {
    const page = data(await get(`/api/admin/users/${bob.userId}/ledger`));
    expect(page.list.map((r: { note: string }) => r.note)).toEqual(['bob reward']);
    expectErrorEnvelope(await get('/api/admin/users/999999/ledger'), 404);
  });
});

describe('audit log viewer', () => {
  test('lists the changes with before/after, newest first, and filters them', async () => {
    const page = data(await get('/api/admin/audit-logs?entity=user&action=adjust-balance'));
    expect(page.total).toBe(4);
    for (const row of page.list) ZAuditLog.strict().parse(row);
    expect(page.list[0]).toMatchObject({
      actorName: ADMIN.username,
      action: 'adjust-balance',
      entity: 'user',
      entityId: String(bob.userId),
      before: { balance: '0.000000' },
      after: { balance: '9.000000', amount: '9.000000', note: 'bob reward' },
    });
    const byEntity = data(await get(`/api/admin/audit-logs?entity=user&entityId=${alice.userId}`));
    expect(byEntity.total).toBe(3);
    expect(
      data(await get(`/api/admin/audit-logs?actor=${ADMIN.username.toUpperCase()}`)).total,
    ).toBeGreaterThanOrEqual(4);
    expect(data(await get('/api/admin/audit-logs?actor=nobody')).total).toBe(0);
    expect(data(await get('/api/admin/audit-logs?to=2000-01-01T00:00:00Z')).total).toBe(0);
    const facets = data(await get('/api/admin/audit-logs/facets'));
    expect(facets.entities).toContain('user');
    expect(facets.actions).toContain('adjust-balance');
  });

  test('a bad filter: 400 naming it', async () => {
    const body = expectErrorEnvelope(await get(`/api/admin/audit-logs?entity=${'e'.repeat(65)}`), 400) as {
      errors: { path: string; message: string }[];
    };
    expect(body.errors).toContainEqual({ path: 'entity', message: '筛选内容最多 64 个字符' });
  });
});
