import { TICKET_REOPEN_WINDOW_DAYS, USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  auditEntriesOf,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';
import { api, moveTo, submitTicket } from './support';

let t: TestApp;
let customer: { token: string; userId: number; username: string };
let adminToken: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  customer = await loginAs(t, USER_TYPE.CUSTOMER);
  adminToken = await login(t, ADMIN.username, ADMIN.password);
  adminId = (await api(t, 'GET', '/auth/info', { token: adminToken })).json().data.userId;
});
afterAll(() => t?.close());

const adminDetail = async (id: number) =>
  (await api(t, 'GET', `/api/admin/tickets/${id}`, { token: adminToken })).json().data;
const userDetail = async (id: number, token = customer.token) =>
  (await api(t, 'GET', `/api/tickets/${id}`, { token })).json().data;
const unread = async (token = customer.token) =>
  (await api(t, 'GET', '/api/tickets/unread', { token })).json().data;

describe('status transitions (spec §4)', () => {
  test('pending → processing → completed records who and when, and the duration in minutes', async () => {
    const id = await submitTicket(t, customer.token);
    await moveTo(t, adminToken, id, 'processing');
    // 95 minutes of work, without waiting: the start is moved back in the database
    await t.db.query(
      `update tickets set processing_started_at = now() - interval '95 minutes' where id = $1`,
      [id],
    );
    await moveTo(t, adminToken, id, 'completed');
    const detail = await adminDetail(id);
    expect(detail).toMatchObject({ status: 'completed', durationMinutes: 95 });
    expect(
      Date.parse(detail.processingFinishedAt) - Date.parse(detail.processingStartedAt),
    ).toBeGreaterThanOrEqual(95 * 60_000);
    const changes = detail.messages.filter((m: { kind: string }) => m.kind === 'status');
    expect(
      changes.map((m: { statusFrom: string; statusTo: string; authorName: string; side: string }) => [
        m.statusFrom,
        m.statusTo,
        m.authorName,
        m.side,
      ]),
    ).toEqual([
      ['pending', 'processing', ADMIN.username, 'staff'],
      ['processing', 'completed', ADMIN.username, 'staff'],
    ]);
    expect(changes.every((m: { createdAt: string }) => !Number.isNaN(Date.parse(m.createdAt)))).toBe(true);
    // the customer sees the same history, but support without the staff member's login name
    const seen = (await userDetail(id)).messages.filter((m: { kind: string }) => m.kind === 'status');
    expect(seen.map((m: { statusTo: string; authorName: string }) => [m.statusTo, m.authorName])).toEqual([
      ['processing', ''],
      ['completed', ''],
    ]);
    expect(
      JSON.stringify((await api(t, 'GET', `/api/tickets/${id}`, { token: customer.token })).json()),
    ).not.toContain(ADMIN.username);
    const audits = await auditEntriesOf(t.db, 'ticket', id);
    expect(audits.map((a) => a.action)).toEqual(['status', 'status']);
  });

  test("invalid moves are refused with the statuses named in the caller's language", async () => {
    const id = await submitTicket(t, customer.token);
    const refuse = async (status: string, zh: string, en: string) => {
      for (const [locale, text] of [
        ['zh-CN', zh],
        ['en-US', en],
      ] as const) {
        const res = await api(t, 'PUT', `/api/admin/tickets/${id}/status`, {
          token: adminToken,
          payload: { status },
          locale,
        });
        expect(expectErrorEnvelope(res, 409).message).toBe(text);
      }
    };
    await refuse(
      'completed',
      '工单当前为「待处理」，不能变更为「已完成」',
      'The ticket is pending; it cannot be changed to completed',
    );
    await refuse(
      'pending',
      '工单当前为「待处理」，不能变更为「待处理」',
      'The ticket is pending; it cannot be changed to pending',
    );
    await moveTo(t, adminToken, id, 'processing');
    await refuse(
      'pending',
      '工单当前为「处理中」，不能变更为「待处理」',
      'The ticket is processing; it cannot be changed to pending',
    );
    await moveTo(t, adminToken, id, 'closed');
    await refuse(
      'processing',
      '工单当前为「已关闭」，不能变更为「处理中」',
      'The ticket is closed; it cannot be changed to processing',
    );
    const detail = await adminDetail(id);
    expect(detail.status).toBe('closed');
    expect(detail.closedAt).not.toBeNull();
    // closing while processing stops the clock
    expect(detail.processingFinishedAt).not.toBeNull();
    expect(detail.durationMinutes).toBe(0);
    // a closed ticket takes no more replies from either side
    for (const [url, token] of [
      [`/api/tickets/${id}/replies`, customer.token],
      [`/api/admin/tickets/${id}/replies`, adminToken],
    ] as const) {
      const res = await api(t, 'POST', url, { token, payload: { content: 'hello?' }, locale: 'en-US' });
      expect(expectErrorEnvelope(res, 409).message).toBe('The ticket is closed; no more replies');
    }
  });

  test('pending may be closed straight away, with no processing time', async () => {
    const id = await submitTicket(t, customer.token);
    await moveTo(t, adminToken, id, 'closed');
    expect(await adminDetail(id)).toMatchObject({
      status: 'closed',
      durationMinutes: null,
      processingStartedAt: null,
    });
  });
});

describe('assignment', () => {
  test('only to staff holding admin:ticket:reply; null unassigns; the queue filters by assignee', async () => {
    const id = await submitTicket(t, customer.token);
    const helper = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const plain = await createUser(t.db);
    const assign = (assigneeId: number | null, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
      api(t, 'PUT', `/api/admin/tickets/${id}/assignee`, {
        token: adminToken,
        payload: { assigneeId },
        locale,
      });

    for (const candidate of [helper.userId, plain.userId, 999_999]) {
      expect(expectErrorEnvelope(await assign(candidate), 400).message).toBe(
        '只能指派给拥有工单回复权限的员工',
      );
    }
    expect(expectErrorEnvelope(await assign(plain.userId, 'en-US'), 400).message).toBe(
      'A ticket can only be assigned to staff holding the ticket reply permission',
    );
    await setUserPermission(t.db, helper.userId, 'admin:ticket:reply', 'grant');
    const staff = (await api(t, 'GET', '/api/admin/tickets/staff', { token: adminToken })).json().data;
    expect(staff.map((s: { userId: number }) => s.userId)).toEqual(
      expect.arrayContaining([adminId, helper.userId]),
    );
    expect(staff.map((s: { userId: number }) => s.userId)).not.toContain(plain.userId);

    expect((await assign(helper.userId)).statusCode).toBe(200);
    expect(await adminDetail(id)).toMatchObject({ assigneeId: helper.userId, assigneeName: helper.username });
    const mine = (
      await api(t, 'GET', `/api/admin/tickets?assignee=${helper.userId}`, { token: adminToken })
    ).json().data;
    expect(mine.list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await assign(null)).statusCode).toBe(200);
    const none = (
      await api(t, 'GET', '/api/admin/tickets?assignee=none&pageSize=500', { token: adminToken })
    ).json().data;
    expect(none.list.map((r: { id: number }) => r.id)).toContain(id);
    expect((await auditEntriesOf(t.db, 'ticket', id)).map((a) => a.action)).toEqual(['assign', 'assign']);
  });
});

describe('conversation', () => {
  test('internal remarks are never shown to the customer; replies move "last reply"', async () => {
    const id = await submitTicket(t, customer.token);
    await api(t, 'POST', `/api/admin/tickets/${id}/remarks`, {
      token: adminToken,
      payload: { content: 'SECRET: refund abuser?' },
    });
    const res = await api(t, 'POST', `/api/admin/tickets/${id}/replies`, {
      token: adminToken,
      payload: { content: 'We are checking.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await userDetail(id);
    expect(JSON.stringify(seen)).not.toContain('SECRET');
    expect(seen.messages.map((m: { kind: string; content: string }) => [m.kind, m.content])).toEqual([
      ['reply', 'We are checking.'],
    ]);
    const list = (await api(t, 'GET', '/api/tickets', { token: customer.token })).json().data.list;
    expect(JSON.stringify(list)).not.toContain('SECRET');
    expect(list.find((r: { id: number }) => r.id === id)).toMatchObject({ lastReplySide: 'staff' });
    const staff = await adminDetail(id);
    expect(staff.messages.map((m: { kind: string }) => m.kind)).toEqual(['remark', 'reply']);
    expect(staff.firstResponseAt).not.toBeNull();
  });
});

describe('unread counts, per side, on the server', () => {
  test('staff replies and status changes count for the customer until they open the ticket', async () => {
    const me = await loginAs(t, USER_TYPE.CUSTOMER);
    const a = await submitTicket(t, me.token);
    const b = await submitTicket(t, me.token);
    expect(await unread(me.token)).toEqual({ tickets: 0, messages: 0 });
    await api(t, 'POST', `/api/admin/tickets/${a}/replies`, {
      token: adminToken,
      payload: { content: 'one' },
    });
    await api(t, 'POST', `/api/admin/tickets/${a}/replies`, {
      token: adminToken,
      payload: { content: 'two' },
    });
    await api(t, 'POST', `/api/admin/tickets/${a}/remarks`, {
      token: adminToken,
      payload: { content: 'internal' },
    });
    await moveTo(t, adminToken, b, 'processing');
    expect(await unread(me.token)).toEqual({ tickets: 2, messages: 3 });
    const list = (await api(t, 'GET', '/api/tickets', { token: me.token })).json().data.list;
    expect(Object.fromEntries(list.map((r: { id: number; unread: number }) => [r.id, r.unread]))).toEqual({
      [a]: 2,
      [b]: 1,
    });
    await userDetail(a, me.token);
    expect(await unread(me.token)).toEqual({ tickets: 1, messages: 1 });
    // the customer's own reply is never unread for them (replying, they have seen the ticket), but is for staff
    const staffBefore = (await api(t, 'GET', '/api/admin/tickets/unread', { token: adminToken })).json().data;
    await api(t, 'POST', `/api/tickets/${b}/replies`, { token: me.token, payload: { content: 'any news?' } });
    expect(await unread(me.token)).toEqual({ tickets: 0, messages: 0 });
    const staffAfter = (await api(t, 'GET', '/api/admin/tickets/unread', { token: adminToken })).json().data;
    expect(staffAfter.messages).toBe(staffBefore.messages + 1);
    const row = (await api(t, 'GET', `/api/admin/tickets?user=${me.username}`, { token: adminToken })).json()
      .data.list;
    expect(row.find((r: { id: number }) => r.id === b).unread).toBe(1);
    await adminDetail(b);
    expect(
      (await api(t, 'GET', '/api/admin/tickets/unread', { token: adminToken })).json().data.messages,
    ).toBe(staffBefore.messages);
  });
});

describe('rating (spec §9: 1 to 5, once, when completed)', () => {
  test('refused before completion, stored once, refused the second time', async () => {
    const id = await submitTicket(t, customer.token);
    const rate = (rating: number, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
      api(t, 'POST', `/api/tickets/${id}/rating`, {
        token: customer.token,
        payload: { rating, feedback: 'quick' },
        locale,
      });
    expect(expectErrorEnvelope(await rate(5), 409).message).toBe('工单完成后才能评价');
    expect(expectErrorEnvelope(await rate(5, 'en-US'), 409).message).toBe(
      'A ticket can be rated once it is completed',
    );
    await moveTo(t, adminToken, id, 'processing', 'completed');
    expect((await userDetail(id)).canRate).toBe(true);
    expect((await rate(4)).statusCode).toBe(200);
    expect(expectErrorEnvelope(await rate(1), 409).message).toBe('该工单已评价，不能重复评价');
    expect(expectErrorEnvelope(await rate(1, 'en-US'), 409).message).toBe(
      'This ticket has already been rated',
    );
    expect(await userDetail(id)).toMatchObject({
      rating: 4,
      ratingFeedback: 'quick',
      canRate: false,
      canReopen: false,
    });
  });

  test('two ratings at once: exactly one wins', async () => {
    const id = await submitTicket(t, customer.token);
    await moveTo(t, adminToken, id, 'processing', 'completed');
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) =>
        api(t, 'POST', `/api/tickets/${id}/rating`, { token: customer.token, payload: { rating } }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const winner = [1, 2, 3, 4, 5][results.findIndex((r) => r.statusCode === 200)];
    const [row] = await t.db.query<{ rating: number }>('select rating from tickets where id = $1', [id]);
    expect(row!.rating).toBe(winner);
  });
});

describe(`reopening (within ${TICKET_REOPEN_WINDOW_DAYS} days of completion, not once rated)`, () => {
  test('a completed ticket goes back to pending, and the processing clock starts over', async () => {
    const id = await submitTicket(t, customer.token);
    await moveTo(t, adminToken, id, 'processing', 'completed');
    const detail = await userDetail(id);
    expect(detail.canReopen).toBe(true);
    expect(Date.parse(detail.reopenUntil) - Date.parse(detail.completedAt)).toBe(
      TICKET_REOPEN_WINDOW_DAYS * 86_400_000,
    );
    const res = await api(t, 'POST', `/api/tickets/${id}/reopen`, { token: customer.token });
    expect(res.statusCode, res.body).toBe(200);
    const after = await adminDetail(id);
    expect(after).toMatchObject({
      status: 'pending',
      processingStartedAt: null,
      durationMinutes: null,
      completedAt: null,
    });
    expect(after.messages.at(-1)).toMatchObject({
      kind: 'status',
      side: 'user',
      statusFrom: 'completed',
      statusTo: 'pending',
    });
    // staff see the reopening as unread
    expect(after.unread).toBe(0);
    await moveTo(t, adminToken, id, 'processing', 'completed');
  });

  test('past the window it is refused; so are unfinished and rated tickets', async () => {
    const late = await submitTicket(t, customer.token);
    await moveTo(t, adminToken, late, 'processing', 'completed');
    await t.db.query(
      `update tickets set completed_at = now() - make_interval(days => $2, mins => 1) where id = $1`,
      [late, TICKET_REOPEN_WINDOW_DAYS],
    );
    const reopen = (id: number, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
      api(t, 'POST', `/api/tickets/${id}/reopen`, { token: customer.token, locale });
    expect(expectErrorEnvelope(await reopen(late), 409).message).toBe(
      '工单完成已超过 7 天，不能重新打开，请提交新工单',
    );
    expect(expectErrorEnvelope(await reopen(late, 'en-US'), 409).message).toBe(
      'The ticket was completed more than 7 days ago; please submit a new ticket',
    );
    expect((await userDetail(late)).canReopen).toBe(false);
    // just inside the window it works
    await t.db.query(
      `update tickets set completed_at = now() - make_interval(days => $2) + interval '1 minute' where id = $1`,
      [late, TICKET_REOPEN_WINDOW_DAYS],
    );
    expect((await reopen(late)).statusCode).toBe(200);

    const open = await submitTicket(t, customer.token);
    expect(expectErrorEnvelope(await reopen(open, 'en-US'), 409).message).toBe(
      'Only a completed ticket that is not rated can be reopened',
    );
    const rated = await submitTicket(t, customer.token);
    await moveTo(t, adminToken, rated, 'processing', 'completed');
    await api(t, 'POST', `/api/tickets/${rated}/rating`, { token: customer.token, payload: { rating: 2 } });
    expect(expectErrorEnvelope(await reopen(rated), 409).message).toBe(
      '只有已完成且未评价的工单可以重新打开',
    );
  });
});

describe('queue, SLA view and export', () => {
  test('filters combine; overdue tickets show in the SLA view by priority', async () => {
    const someone = await loginAs(t, USER_TYPE.CUSTOMER);
    const urgent = await submitTicket(t, someone.token, {
      priority: 'urgent',
      type: 'recharge',
      title: 'Deposit missing',
    });
    const normal = await submitTicket(t, someone.token, { type: 'feature', title: 'Dark mode please' });
    // the urgent one was opened 45 minutes ago: past its 30-minute response target
    await t.db.query(`update tickets set created_at = now() - interval '45 minutes' where id = $1`, [urgent]);

    const q = async (query: string) =>
      (await api(t, 'GET', `/api/admin/tickets?user=${someone.username}&${query}`, { token: adminToken }))
        .json()
        .data.list.map((r: { id: number }) => r.id);
    expect(await q('')).toEqual([normal, urgent]);
    expect(await q('priority=urgent')).toEqual([urgent]);
    expect(await q('type=feature')).toEqual([normal]);
    expect(await q('keyword=deposit')).toEqual([urgent]);
    expect(await q('overdue=true')).toEqual([urgent]);
    expect(await q('status=processing')).toEqual([]);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    expect(await q(`from=${encodeURIComponent(tenMinutesAgo)}`)).toEqual([normal]);
    expect(await q(`to=${encodeURIComponent(tenMinutesAgo)}`)).toEqual([urgent]);
    expect(await q('sortField=priority&sortOrder=descend')).toEqual([urgent, normal]);

    const sla = (await api(t, 'GET', '/api/admin/tickets/sla', { token: adminToken })).json().data;
    expect(sla.map((r: { priority: string }) => r.priority)).toEqual(['urgent', 'high', 'normal', 'low']);
    const urgentRow = sla[0];
    expect(urgentRow).toMatchObject({ responseTargetMinutes: 30, resolutionTargetMinutes: 240 });
    expect(urgentRow.overResponse).toBeGreaterThanOrEqual(1);
    // a staff reply meets the response target; only the resolution target is left
    await api(t, 'POST', `/api/admin/tickets/${urgent}/replies`, {
      token: adminToken,
      payload: { content: 'Looking' },
    });
    expect(await q('overdue=true')).toEqual([]);
  });

  test("CSV export of the filtered queue, headers in the caller's language", async () => {
    const someone = await loginAs(t, USER_TYPE.CUSTOMER);
    await submitTicket(t, someone.token, { title: '=cmd|calc' });
    for (const [locale, header] of [
      ['zh-CN', '工单号,用户,类型'],
      ['en-US', 'Ticket number,User,Type'],
    ] as const) {
      const res = await api(t, 'GET', `/api/admin/tickets/export?user=${someone.username}`, {
        token: adminToken,
        locale,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toContain(header);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(someone.username);
      expect(lines[1]).toContain("'=cmd|calc");
    }
  });
});
