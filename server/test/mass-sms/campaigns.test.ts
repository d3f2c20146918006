import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createSession,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  serversSharingDatabase,
  type TestApp,
} from '../helpers';
import { balanceOf, confirm, confirmOk, ledgerSum, numbers, sender } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MASS_SMS_WORKER: 'off' });
});
afterAll(() => t.close());

const preview = async (headers: Record<string, string>, body: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/mass-sms/preview', headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('send preview', () => {
  it('normalises numbers to E.164, lists invalid lines with reasons and duplicates, stores nothing', async () => {
    const s = await sender(t);
    const data = await preview(s.headers, {
      recipientsText: '+7 999 123-45-67\n008613800000000\n13800000001\n\nabc\n+12\n+79991234567',
      defaultCountryCode: '86',
      content: 'Hello',
    });
    expect(data.numbers).toEqual(['+79991234567', '+8613800000000', '+8613800000001']);
    expect(data.invalid).toEqual([
      { line: 5, input: 'abc', reason: 'notANumber' },
      { line: 6, input: '+12', reason: 'tooShort' },
    ]);
    expect(data.duplicates).toEqual([{ line: 7, phone: '+79991234567', firstLine: 1 }]);
    expect(data.cost).toMatchObject({
      plan: 'basic',
      totalSegments: 3,
      freeSegments: 3,
      chargedSegments: 0,
      amount: '0.000000',
    });
    const stored = await t.db.query('select 1 from sms_campaigns where user_id = $1', [s.userId]);
    expect(stored).toHaveLength(0);
  });

  it('counts segments: GSM-7 160/161, 306/307, extension characters, UCS-2 70/71, 134/135, emoji 35/36', async () => {
    const s = await sender(t);
    const cases: Array<[string, string, number]> = [
      ['a'.repeat(160), 'gsm7', 1],
      ['a'.repeat(161), 'gsm7', 2],
      ['a'.repeat(306), 'gsm7', 2],
      ['a'.repeat(307), 'gsm7', 3],
      ['€'.repeat(80), 'gsm7', 1],
      ['€'.repeat(81), 'gsm7', 2],
      [`${'a'.repeat(152)}{${'a'.repeat(10)}`, 'gsm7', 2],
      ['я'.repeat(70), 'ucs2', 1],
      ['я'.repeat(71), 'ucs2', 2],
      ['я'.repeat(134), 'ucs2', 2],
      ['я'.repeat(135), 'ucs2', 3],
      ['😀'.repeat(35), 'ucs2', 1],
      ['😀'.repeat(36), 'ucs2', 2],
    ];
    for (const [content, encoding, segments] of cases) {
      const data = await preview(s.headers, { recipientsText: '+79990000001', content });
      expect(data.samples[0], content).toMatchObject({ encoding, segments });
      expect(data.cost.totalSegments).toBe(segments);
    }
  });

  it('fills template-less variables per recipient row and refuses rows missing one', async () => {
    const s = await sender(t);
    const data = await preview(s.headers, {
      recipients: [
        { phone: '+79990000001', variables: { name: 'Ann' } },
        { phone: '+79990000002', variables: {} },
      ],
      content: 'Hi {name}, code {code}',
      commonVariables: { code: '42' },
    });
    expect(data.samples).toEqual([
      { phone: '+79990000001', text: 'Hi Ann, code 42', encoding: 'gsm7', units: 15, segments: 1 },
    ]);
    expect(data.invalid).toEqual([
      { line: 2, input: '+79990000002', reason: 'variables', missing: ['name'] },
    ]);
  });
});

describe('confirm and billing', () => {
  it('queues each recipient’s own text, encoding and segments; one text for all when there are no variables', async () => {
    const s = await sender(t, '100');
    const personal = await confirmOk(t, s.headers, {
      recipients: [
        { phone: '+79960000001', variables: { name: 'Ann' } },
        { phone: '+79960000002', variables: { name: '安娜'.repeat(40) } },
      ],
      content: 'Hi {name}',
    });
    const plain = await confirmOk(t, s.headers, {
      recipientsText: numbers(3, 79960000100),
      content: 'Hello',
    });
    const rows = await t.db.query<{
      campaign_id: number;
      phone: string;
      text: string;
      encoding: string;
      segments: number;
    }>(
      `select campaign_id, phone, text, encoding, segments from sms_outbound where campaign_id = any($1::int[]) order by id`,
      [[personal.id, plain.id]],
    );
    expect(rows).toEqual([
      { campaign_id: personal.id, phone: '+79960000001', text: 'Hi Ann', encoding: 'gsm7', segments: 1 },
      {
        campaign_id: personal.id,
        phone: '+79960000002',
        text: `Hi ${'安娜'.repeat(40)}`,
        encoding: 'ucs2',
        segments: 2,
      },
      ...['+79960000100', '+79960000101', '+79960000102'].map((phone) => ({
        campaign_id: plain.id,
        phone,
        text: 'Hello',
        encoding: 'gsm7',
        segments: 1,
      })),
    ]);
  });

  it('charges per segment with the free messages first, through the ledger, once per request key', async () => {
    const s = await sender(t, '100');
    const requestKey = randomUUID();
    const body = {
      recipientsText: numbers(1100),
      content: 'a'.repeat(200),
      requestKey,
      expectedAmount: '60',
    };
    // 1,100 recipients × 2 segments = 2,200; 1,000 free, 1,200 × 0.05 = 60.
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/mass-sms/campaigns',
      headers: s.headers,
      payload: body,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      total: 1100,
      segments: 2200,
      freeSegments: 1000,
      amount: '60.000000',
      status: 'sending',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/mass-sms/campaigns',
      headers: s.headers,
      payload: body,
    });
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await balanceOf(t.db, s.userId)).toBe('40.000000');
    expect(await ledgerSum(t.db, s.userId)).toBe('40.000000');
    const quota = (
      await t.app.inject({ method: 'GET', url: '/api/mass-sms/quota', headers: s.headers })
    ).json().data;
    expect(quota).toMatchObject({
      plan: 'basic',
      freeUsed: 1000,
      freeLeft: 0,
      dailyUsed: 2200,
      monthlyUsed: 2200,
      balance: '40.000000',
    });
    expect(quota.usageByDay).toHaveLength(30);
    expect(quota.usageByDay.at(-1)).toMatchObject({ messages: 1100, segments: 2200 });
  });

  it('refuses a confirm whose cost changed, an insufficient balance, invalid lines: nothing changes', async () => {
    const s = await sender(t, '1');
    await confirmOk(t, s.headers, { recipientsText: numbers(1000), content: 'x' }); // uses the free 1000
    const changed = await confirm(t, s.headers, {
      recipientsText: numbers(10),
      content: 'x',
      expectedAmount: '0',
    });
    expectErrorEnvelope(changed, 409, 409);
    const poor = await confirm(t, s.headers, { recipientsText: numbers(30), content: 'x' });
    expect(expectErrorEnvelope(poor, 400, 400).message).toMatch(/余额不足/);
    const invalid = await confirm(t, s.headers, { recipientsText: '+79990000001\nabc', content: 'x' });
    expectErrorEnvelope(invalid, 400, 400);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/mass-sms/campaigns',
      headers: { ...s.headers, 'accept-language': 'en-US' },
      payload: { requestKey: randomUUID(), recipientsText: '+79990000001', content: '  ' },
    });
    expect(expectErrorEnvelope(empty, 400, 400).message).toMatch(/Mass send needs content/);
    expect(await balanceOf(t.db, s.userId)).toBe('1.000000');
    const campaigns = await t.db.query('select 1 from sms_campaigns where user_id = $1', [s.userId]);
    expect(campaigns).toHaveLength(1);
  });

  it('admin changes the plan: the price follows, and the quota endpoint reads the same numbers', async () => {
    const s = await sender(t, '10');
    const admin = await sender(t, '0');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/mass-sms/users/${s.userId}/plan`,
      headers: admin.headers,
      payload: { plan: 'enterprise', dailyLimit: 500, monthlyLimit: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      plan: 'enterprise',
      pricePerSegment: '0.030000',
      freeLeft: 0,
      dailyLimit: 500,
    });
    const data = await preview(s.headers, { recipientsText: numbers(10), content: 'x' });
    expect(data.cost).toMatchObject({ plan: 'enterprise', amount: '0.300000', freeSegments: 0 });
    const over = await confirm(t, s.headers, { recipientsText: numbers(501), content: 'x' });
    expectErrorEnvelope(over, 429, 429);
  });
});

describe('send orders: schedule, pause, resume, cancel', () => {
  it('a scheduled campaign waits; cancel refunds money, free messages and usage exactly, once', async () => {
    const s = await sender(t, '100');
    await confirmOk(t, s.headers, { recipientsText: numbers(1000, 79980000000), content: 'free ones' });
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const campaign = await confirmOk(t, s.headers, {
      recipientsText: numbers(100),
      content: 'b'.repeat(170),
      scheduledAt,
    });
    expect(campaign).toMatchObject({ status: 'scheduled', segments: 200, amount: '10.000000' });
    expect(await balanceOf(t.db, s.userId)).toBe('90.000000');
    const pause = await t.app.inject({
      method: 'POST',
      url: `/api/mass-sms/campaigns/${campaign.id}/pause`,
      headers: s.headers,
    });
    expect(pause.json().data.status).toBe('paused');
    const resume = await t.app.inject({
      method: 'POST',
      url: `/api/mass-sms/campaigns/${campaign.id}/resume`,
      headers: s.headers,
    });
    expect(resume.json().data.status).toBe('scheduled');
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/mass-sms/campaigns/${campaign.id}/cancel`,
          headers: s.headers,
        }),
      ),
    );
    const statuses = [a!.statusCode, b!.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/mass-sms/campaigns/${campaign.id}`, headers: s.headers })
    ).json().data;
    expect(detail).toMatchObject({
      status: 'cancelled',
      counts: { pending: 0, sent: 0, delivered: 0, failed: 100 },
      refundedAmount: '10.000000',
      progress: 1,
    });
    expect(await balanceOf(t.db, s.userId)).toBe('100.000000');
    expect(await ledgerSum(t.db, s.userId)).toBe('100.000000');
    const quota = (
      await t.app.inject({ method: 'GET', url: '/api/mass-sms/quota', headers: s.headers })
    ).json().data;
    expect(quota).toMatchObject({ freeUsed: 1000, dailyUsed: 1000 });
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/mass-sms/campaigns?status=cancelled',
        headers: s.headers,
      })
    ).json().data;
    expect(list.list.map((c: { id: number }) => c.id)).toEqual([campaign.id]);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/mass-sms/messages?campaignId=${campaign.id}&status=failed&pageSize=5`,
      headers: s.headers,
    });
    expect(history.json().data).toMatchObject({ total: 100 });
    expect(history.json().data.list[0]).toMatchObject({ error: 'cancelled', refunded: true, segments: 2 });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/mass-sms/campaigns/${campaign.id}/export`,
      headers: s.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(101);
  });

  it('a free-message refund gives the free messages back', async () => {
    const s = await sender(t, '0');
    const campaign = await confirmOk(t, s.headers, {
      recipientsText: numbers(10),
      content: 'x',
      scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/mass-sms/campaigns/${campaign.id}/cancel`,
      headers: s.headers,
    });
    const quota = (
      await t.app.inject({ method: 'GET', url: '/api/mass-sms/quota', headers: s.headers })
    ).json().data;
    expect(quota).toMatchObject({ freeUsed: 0, freeLeft: 1000, dailyUsed: 0 });
  });

  it('someone else’s campaign is a 404; a finished one cannot be paused', async () => {
    const a = await sender(t);
    const b = await sender(t);
    const campaign = await confirmOk(t, a.headers, {
      recipientsText: numbers(2),
      content: 'x',
      scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/mass-sms/campaigns/${campaign.id}/cancel`,
      headers: b.headers,
    });
    expectErrorEnvelope(other, 404, 404);
    await t.app.inject({
      method: 'POST',
      url: `/api/mass-sms/campaigns/${campaign.id}/cancel`,
      headers: a.headers,
    });
    const pause = await t.app.inject({
      method: 'POST',
      url: `/api/mass-sms/campaigns/${campaign.id}/pause`,
      headers: a.headers,
    });
    expectErrorEnvelope(pause, 409, 409);
  });
});

describe('limits under concurrency', () => {
  it('a daily limit holds when confirms arrive at once on two servers', async () => {
    const s = await sender(t, '100');
    await t.db.query('insert into sms_accounts (user_id, daily_limit) values ($1, 100)', [s.userId]);
    const set = await serversSharingDatabase(t);
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          set.servers[i % set.servers.length]!.inject({
            method: 'POST',
            url: '/api/mass-sms/campaigns',
            headers: s.headers,
            payload: {
              requestKey: randomUUID(),
              recipientsText: numbers(40, 79990000000 + i * 100),
              content: 'x',
            },
          }),
        ),
      );
      const okCount = results.filter((r) => r.statusCode === 200).length;
      expect(okCount).toBe(2);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(4);
    } finally {
      await set.close();
    }
    const used = await t.db.query<{ n: number }>(
      'select sum(segments)::int as n from sms_usage_days where user_id = $1',
      [s.userId],
    );
    expect(used[0]!.n).toBe(80);
  });
});

describe('templates and permissions', () => {
  it('sends only an approved template of one’s own', async () => {
    const s = await sender(t);
    const other = await sender(t);
    const insert = async (userId: number, status: string) =>
      (
        await t.db.query<{ id: number }>(
          "insert into sms_templates (user_id, name, content, status) values ($1, 't', 'Code {code}', $2) returning id",
          [userId, status],
        )
      )[0]!.id;
    const approved = await insert(s.userId, 'approved');
    const pending = await insert(s.userId, 'pending');
    const foreign = await insert(other.userId, 'approved');
    const ok = await confirmOk(t, s.headers, {
      recipientsText: numbers(3),
      templateId: approved,
      commonVariables: { code: '777' },
    });
    expect(ok.total).toBe(3);
    const text = await t.db.query<{ text: string }>(
      'select distinct text from sms_outbound where campaign_id = $1',
      [ok.id],
    );
    expect(text).toEqual([{ text: 'Code 777' }]);
    expectErrorEnvelope(
      await confirm(t, s.headers, {
        recipientsText: numbers(1),
        templateId: pending,
        commonVariables: { code: '1' },
      }),
      409,
      409,
    );
    expectErrorEnvelope(
      await confirm(t, s.headers, {
        recipientsText: numbers(1),
        templateId: foreign,
        commonVariables: { code: '1' },
      }),
      404,
      404,
    );
  });

  it('customers and agents get 403 on every mass SMS route; bad input is a 400, never a 500', async () => {
    for (const userType of [USER_TYPE.CUSTOMER, USER_TYPE.AGENT]) {
      const user = await createUser(t.db, { userType });
      const headers = authed(await createSession(t.db, user.userId));
      const routes: Array<[string, string]> = [
        ['POST', '/api/mass-sms/preview'],
        ['POST', '/api/mass-sms/campaigns'],
        ['GET', '/api/mass-sms/campaigns'],
        ['POST', '/api/mass-sms/campaigns/1/cancel'],
        ['GET', '/api/mass-sms/messages'],
        ['GET', '/api/mass-sms/quota'],
        ['GET', '/api/admin/mass-sms/connectors'],
        ['POST', '/api/admin/mass-sms/connectors'],
        ['POST', '/api/admin/mass-sms/connectors/1/test'],
        ['PUT', `/api/admin/mass-sms/users/${user.userId}/plan`],
      ];
      for (const [method, url] of routes) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const s = await sender(t);
    const bad: Array<Record<string, unknown>> = [
      { recipientsText: 5, content: 'x' },
      { recipientsText: '+79990000001', content: 'x', scheduledAt: 'tomorrow' },
      { recipientsText: '+79990000001', content: 'x', senderId: 'way too long sender' },
      { recipientsText: '+79990000001', content: 'x', templateId: -1 },
      { recipientsText: '+79990000001', content: 'x'.repeat(1601) },
    ];
    for (const payload of bad) {
      expectErrorEnvelope(
        await t.app.inject({ method: 'POST', url: '/api/mass-sms/preview', headers: s.headers, payload }),
        400,
        400,
      );
    }
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/mass-sms/preview',
      headers: s.headers,
      payload: { recipientsText: '+79990000001', content: 'x', scheduledAt: '2020-01-01T00:00:00Z' },
    });
    expectErrorEnvelope(past, 400, 400);
    const sort = await t.app.inject({
      method: 'GET',
      url: '/api/mass-sms/messages?sortField=password',
      headers: s.headers,
    });
    expectErrorEnvelope(sort, 400, 400);
  });
});
