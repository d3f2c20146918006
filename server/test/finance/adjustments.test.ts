import { randomUUID } from 'node:crypto';
import { CUSTOMER_PERMISSIONS, fromMicros, toMicros, USER_TYPE } from '@jiema/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  type TestApp,
} from '../helpers';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, ADMIN.username, ADMIN.password);
  adminId = (await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(admin) })).json().data
    .userId;
});
afterAll(() => t?.close());

type Adjust = { type: string; amount: string; note?: string; requestId?: string };
const adjust = (
  userId: number,
  body: Partial<Adjust> & Record<string, unknown>,
  options: { token?: string; locale?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/balance`,
    payload: { note: 'test', requestId: randomUUID(), ...body },
    headers: { ...authed(options.token ?? admin), ...(options.locale ? { 'x-locale': options.locale } : {}) },
  });
const data = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const stateOf = async (userId: number) => {
  const [row] = await t.db.query<{ balance: string; entries: number; sum: string | null; audits: number }>(
    `select u.balance::text as balance,
            (select count(*)::int from ledger_entries e where e.user_id = u.id) as entries,
            (select sum(amount)::text from ledger_entries e where e.user_id = u.id) as sum,
            (select count(*)::int from audit_logs a where a.entity = 'user' and a.entity_id = u.id::text and a.action = 'adjust-balance') as audits
     from users u where u.id = $1`,
    [userId],
  );
  return row!;
};
const reconcile = async () =>
  data(
    await t.app.inject({ method: 'GET', url: '/api/admin/finance/reconciliation', headers: authed(admin) }),
  );

describe('adjusting a balance', () => {
  test('a manual recharge (money received off-chain) is entered as a recharge, shown as one to the user', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    const done = data(
      await adjust(user.userId, { type: 'recharge', amount: '25', note: 'bank transfer 0412' }),
    );
    expect(done).toMatchObject({
      applied: true,
      balanceAfter: '25.000000',
      entry: { type: 'recharge', amount: '25.000000', note: 'bank transfer 0412', actorId: adminId },
    });
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/finance/records?type=recharge',
      headers: authed(user.token),
    });
    expect(data(own).list).toEqual([
      expect.objectContaining({ type: 'recharge', amount: '25.000000', note: 'bank transfer 0412' }),
    ]);
    expect(await stateOf(user.userId)).toMatchObject({ balance: '25.000000', entries: 1, audits: 1 });
    expect((await reconcile()).mismatchCount).toBe(0);
  });

  test('a reward then a deduction: entries with the exact 6-place amounts, before/after, actor and note; audited', async () => {
    const user = await createUser(t.db);
    const first = data(
      await adjust(user.userId, { type: 'reward', amount: '10.5', note: ' welcome bonus ' }),
    );
    expect(first).toMatchObject({
      applied: true,
      balanceBefore: '0.000000',
      balanceAfter: '10.500000',
      entry: {
        userId: user.userId,
        username: user.username,
        type: 'reward',
        amount: '10.500000',
        balanceAfter: '10.500000',
        note: 'welcome bonus',
        actorId: adminId,
        actorName: ADMIN.username,
      },
    });
    expect(first.entry.reference).toMatch(/^adjust:[0-9a-f-]{36}$/);
    const second = data(await adjust(user.userId, { type: 'deduction', amount: '0.000001' }));
    expect(second).toMatchObject({
      balanceBefore: '10.500000',
      balanceAfter: '10.499999',
      entry: { type: 'deduction', amount: '-0.000001' },
    });
    expect(await stateOf(user.userId)).toEqual({
      balance: '10.499999',
      entries: 2,
      sum: '10.499999',
      audits: 2,
    });
    const [log] = await t.db.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_logs where action = 'adjust-balance' and entity_id = $1 order by id desc limit 1`,
      [String(user.userId)],
    );
    expect(log).toMatchObject({
      before: { balance: '10.500000' },
      after: { balance: '10.499999', amount: '-0.000001' },
    });
  });

  test('the largest amount a person may type (12 integer digits, 6 decimals) stays exact', async () => {
    const user = await createUser(t.db);
    const amount = '999999999999.999999';
    expect(data(await adjust(user.userId, { type: 'reward', amount })).balanceAfter).toBe(amount);
    expect(data(await adjust(user.userId, { type: 'reward', amount: '0.000001' })).balanceAfter).toBe(
      '1000000000000.000000',
    );
    expect(data(await adjust(user.userId, { type: 'deduction', amount })).balanceAfter).toBe('0.000001');
  });

  test('the same request id twice: one entry, the same answer, the balance moved once', async () => {
    const user = await createUser(t.db);
    const requestId = randomUUID();
    const first = data(await adjust(user.userId, { type: 'reward', amount: '7', requestId }));
    const again = data(await adjust(user.userId, { type: 'reward', amount: '7', requestId }));
    expect(again).toEqual({ ...first, applied: false });
    expect(await stateOf(user.userId)).toEqual({
      balance: '7.000000',
      entries: 1,
      sum: '7.000000',
      audits: 1,
    });
  });

  test('the same request id fired 20 times at once (a double click, retries): applied exactly once', async () => {
    const user = await createUser(t.db);
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjust(user.userId, { type: 'reward', amount: '3.333333', requestId }),
      ),
    );
    const bodies = answers.map(data);
    expect(bodies.filter((b) => b.applied)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.entry.id)).size).toBe(1);
    expect(await stateOf(user.userId)).toEqual({
      balance: '3.333333',
      entries: 1,
      sum: '3.333333',
      audits: 1,
    });
  });

  test('a request id reused for a different amount, type or user: 409, nothing written', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const requestId = randomUUID();
    data(await adjust(user.userId, { type: 'reward', amount: '5', requestId }));
    for (const [id, body] of [
      [user.userId, { type: 'reward', amount: '6', requestId }],
      [user.userId, { type: 'deduction', amount: '5', requestId }],
      [other.userId, { type: 'reward', amount: '5', requestId }],
    ] as const) {
      const res = await adjust(id, body);
      expect(expectErrorEnvelope(res, 409).message).toBe('该流水编号已用于另一笔不同的变动');
    }
    expect(await stateOf(user.userId)).toEqual({
      balance: '5.000000',
      entries: 1,
      sum: '5.000000',
      audits: 1,
    });
    expect(await stateOf(other.userId)).toEqual({ balance: '0.000000', entries: 0, sum: null, audits: 0 });
  });

  test('the same request id fired at two users at once: one applies, the other gets 409, never a 500', async () => {
    const [one, two] = [await createUser(t.db), await createUser(t.db)];
    const requestId = randomUUID();
    const answers = await Promise.all(
      [one, two, one, two].map((u) => adjust(u.userId, { type: 'reward', amount: '1', requestId })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const states = [await stateOf(one.userId), await stateOf(two.userId)];
    expect(states.map((s) => s.entries).sort()).toEqual([0, 1]);
    expect(states.map((s) => s.balance).sort()).toEqual(['0.000000', '1.000000']);
  });

  test('a deduction below zero is refused with the balance in the message; nothing written', async () => {
    const user = await createUser(t.db);
    data(await adjust(user.userId, { type: 'reward', amount: '2.5' }));
    const before = await stateOf(user.userId);
    const res = await adjust(user.userId, { type: 'deduction', amount: '2.500001' });
    expect(expectErrorEnvelope(res, 400).message).toBe('扣除后余额不能为负数，当前余额 2.500000 USDT');
    const en = await adjust(user.userId, { type: 'deduction', amount: '3' }, { locale: 'en-US' });
    expect(expectErrorEnvelope(en, 400).message).toBe(
      'The balance cannot go below zero; it is 2.500000 USDT',
    );
    expect(await stateOf(user.userId)).toEqual(before);
    // The whole balance can go, to exactly zero.
    expect(data(await adjust(user.userId, { type: 'deduction', amount: '2.5' })).balanceAfter).toBe(
      '0.000000',
    );
  });

  test('a balance beyond what the column holds is refused cleanly', async () => {
    const user = await createUser(t.db);
    await t.db.query(`update users set balance = '99999999999999.000000' where id = $1`, [user.userId]);
    const res = await adjust(user.userId, { type: 'reward', amount: '999999999999' });
    expect(expectErrorEnvelope(res, 400).message).toBe('调整后的余额超出允许的范围');
    await t.db.query('update users set balance = 0 where id = $1', [user.userId]);
  });

  test('an unknown user: 404, nothing written', async () => {
    const res = await adjust(999999, { type: 'reward', amount: '1' });
    expect(expectErrorEnvelope(res, 404).message).toBe('用户不存在');
  });

  const BAD: [string, Record<string, unknown>, string, string, string][] = [
    [
      'no type',
      { type: undefined, amount: '1' },
      'type',
      '调整方式只能是人工充值（recharge）、增加（reward）或扣除（deduction）',
      'The adjustment is a manual recharge (recharge), an addition (reward) or a deduction (deduction)',
    ],
    [
      'a type not made by hand',
      { type: 'refund', amount: '1' },
      'type',
      '调整方式只能是人工充值（recharge）、增加（reward）或扣除（deduction）',
      'The adjustment is a manual recharge (recharge), an addition (reward) or a deduction (deduction)',
    ],
    [
      'a zero amount',
      { type: 'reward', amount: '0' },
      'amount',
      '金额必须大于 0',
      'The amount must be above 0',
    ],
    [
      'a negative amount',
      { type: 'reward', amount: '-5' },
      'amount',
      '金额必须是大于 0 的数字，最多 6 位小数',
      'The amount must be a number above 0 with at most 6 decimals',
    ],
    [
      '7 decimals',
      { type: 'reward', amount: '1.0000001' },
      'amount',
      '金额最多 6 位小数',
      'The amount can have at most 6 decimals',
    ],
    [
      'a number, not a string',
      { type: 'reward', amount: 1.1 },
      'amount',
      '金额必须是大于 0 的数字，最多 6 位小数',
      'The amount must be a number above 0 with at most 6 decimals',
    ],
    [
      'an exponent',
      { type: 'reward', amount: '1e3' },
      'amount',
      '金额必须是大于 0 的数字，最多 6 位小数',
      'The amount must be a number above 0 with at most 6 decimals',
    ],
    [
      '13 integer digits',
      { type: 'reward', amount: '1000000000000' },
      'amount',
      '金额过大：整数部分最多 12 位',
      'The amount is too large: at most 12 digits before the decimal point',
    ],
    ['no note', { type: 'reward', amount: '1', note: '   ' }, 'note', '请填写备注', 'Please enter a note'],
    [
      'a missing note',
      { type: 'reward', amount: '1', note: undefined },
      'note',
      '请填写备注',
      'Please enter a note',
    ],
    [
      'a long note',
      { type: 'reward', amount: '1', note: 'n'.repeat(501) },
      'note',
      '备注最多 500 个字符',
      'The note must be at most 500 characters',
    ],
    [
      'no request id',
      { type: 'reward', amount: '1', requestId: undefined },
      'requestId',
      '请求编号必须是 UUID（打开对话框时生成，用于防止重复提交）',
      'The request id must be a UUID (made when the dialog opens, so a retry never applies twice)',
    ],
    [
      'a request id that is not a UUID',
      { type: 'reward', amount: '1', requestId: 'abc' },
      'requestId',
      '请求编号必须是 UUID（打开对话框时生成，用于防止重复提交）',
      'The request id must be a UUID (made when the dialog opens, so a retry never applies twice)',
    ],
  ];
  test.each(BAD)(
    '%s: 400 naming the field in zh-CN and en-US; nothing written',
    async (_, body, path, zh, en) => {
      const user = await createUser(t.db);
      for (const [locale, message] of [
        ['zh-CN', zh],
        ['en-US', en],
      ] as const) {
        const payload: Record<string, unknown> = { note: 'x', requestId: randomUUID(), ...body };
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${user.userId}/balance`,
          payload: JSON.parse(JSON.stringify(payload)),
          headers: { ...authed(admin), 'x-locale': locale },
        });
        const err = expectErrorEnvelope(res, 400) as { message: string; errors: unknown[] };
        expect(err.errors).toContainEqual({ path, message });
      }
      expect(await stateOf(user.userId)).toEqual({ balance: '0.000000', entries: 0, sum: null, audits: 0 });
    },
  );

  test('needs admin:user:recharge: customers and agents 403, an agent granted it may', async () => {
    const user = await createUser(t.db);
    for (const type of [USER_TYPE.CUSTOMER, USER_TYPE.AGENT]) {
      const { token } = await loginAs(t, type);
      expectErrorEnvelope(await adjust(user.userId, { type: 'reward', amount: '1' }, { token }), 403);
    }
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    // Nobody acts on an account holding a permission they lack: the agent needs the customer's too.
    await t.db.query(`insert into user_permissions select $1, p, 'grant' from unnest($2::text[]) as p`, [
      agent.userId,
      ['admin:user:recharge', ...CUSTOMER_PERMISSIONS],
    ]);
    const token = await login(t, agent.username, agent.password);
    data(await adjust(user.userId, { type: 'reward', amount: '1' }, { token }));
    expect((await stateOf(user.userId)).balance).toBe('1.000000');
  });
});

describe('concurrency', () => {
  test('100 mixed rewards and deductions fired at once end with the exact balance and exactly 100 entries', async () => {
    const user = await createUser(t.db);
    data(await adjust(user.userId, { type: 'reward', amount: '1000' }));

    // 60 rewards and 40 deductions of varied amounts; the deductions together stay below the
    // starting 1000, so every order of arrival is valid.
    const changes = Array.from({ length: 100 }, (_, i) => {
      const type = i % 5 < 3 ? 'reward' : 'deduction';
      const amount = `${(i % 7) + 1}.${String(i * 10_101 + 1)
        .padStart(6, '0')
        .slice(-6)}`;
      return { type, amount, requestId: randomUUID() };
    });
    const expected =
      toMicros('1000') +
      changes.reduce((sum, c) => sum + (c.type === 'reward' ? toMicros(c.amount) : -toMicros(c.amount)), 0n);

    const started = Date.now();
    const answers = await Promise.all(changes.map((c) => adjust(user.userId, c)));
    const elapsed = Date.now() - started;
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.every((res) => res.json().data.applied)).toBe(true);

    const state = await stateOf(user.userId);
    expect(state.balance).toBe(fromMicros(expected));
    expect(state.entries).toBe(101);
    expect(state.sum).toBe(fromMicros(expected));
    expect(state.audits).toBe(101);

    // The entries form one chain: each balance_after is the previous one plus its amount.
    const chain = await t.db.query<{ amount: string; balance_after: string }>(
      'select amount::text as amount, balance_after::text as balance_after from ledger_entries where user_id = $1 order by id',
      [user.userId],
    );
    let running = 0n;
    for (const entry of chain) {
      running += toMicros(entry.amount);
      expect(fromMicros(running)).toBe(entry.balance_after);
    }
    console.info(
      `[concurrency] ${t.db.kind}: 100 parallel adjustments (60 rewards, 40 deductions) in ${elapsed} ms; ` +
        `final balance ${state.balance} = expected ${fromMicros(expected)}; entries ${state.entries - 1} + 1 initial`,
    );
  });

  test('parallel deductions that together exceed the balance: exactly the ones that fit succeed', async () => {
    const user = await createUser(t.db);
    data(await adjust(user.userId, { type: 'reward', amount: '10' }));
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => adjust(user.userId, { type: 'deduction', amount: '1' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(15);
    expect(await stateOf(user.userId)).toEqual({
      balance: '0.000000',
      entries: 11,
      sum: '0.000000',
      audits: 11,
    });
  });
});

describe('reconciliation', () => {
  test('after all of the above: zero mismatches, totals that agree', async () => {
    const result = await reconcile();
    expect(result.mismatchCount).toBe(0);
    expect(result.mismatches).toEqual([]);
    expect(result.totalBalance).toBe(result.totalEntries);
    const [db] = await t.db.query<{ users: number; entries: number; total: string }>(
      'select (select count(*)::int from users) as users, (select count(*)::int from ledger_entries) as entries, (select sum(balance)::text from users) as total',
    );
    expect(result).toMatchObject({ userCount: db!.users, entryCount: db!.entries, totalBalance: db!.total });
    expect(result.entryCount).toBeGreaterThan(111);
  });

  test('detects a balance tampered with directly in SQL, and a balance without entries', async () => {
    const user = await createUser(t.db);
    data(await adjust(user.userId, { type: 'reward', amount: '4' }));
    const ghost = await createUser(t.db);
    await t.db.query(`update users set balance = balance + 0.000001 where id = $1`, [user.userId]);
    await t.db.query(`update users set balance = 12 where id = $1`, [ghost.userId]);

    const result = await reconcile();
    expect(result.mismatchCount).toBe(2);
    expect(result.mismatches).toEqual([
      {
        userId: user.userId,
        username: user.username,
        balance: '4.000001',
        entrySum: '4.000000',
        difference: '0.000001',
        entryCount: 1,
      },
      {
        userId: ghost.userId,
        username: ghost.username,
        balance: '12.000000',
        entrySum: '0.000000',
        difference: '12.000000',
        entryCount: 0,
      },
    ]);
    expect(toMicros(result.totalBalance) - toMicros(result.totalEntries)).toBe(toMicros('12.000001'));

    await t.db.query(`update users set balance = 4 where id = $1`, [user.userId]);
    await t.db.query(`update users set balance = 0 where id = $1`, [ghost.userId]);
    expect((await reconcile()).mismatchCount).toBe(0);
  });
});
