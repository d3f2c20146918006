import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, createTestApp, expectErrorEnvelope, login, loginAs, type TestApp } from '../helpers';
import { api, type Locale, postForm, submitTicket, validTicket } from './support';

let t: TestApp;
let customer: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = (await loginAs(t, USER_TYPE.CUSTOMER)).token;
  adminToken = await login(t, ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

const counts = async () =>
  (
    await t.db.query<{ tickets: number; files: number; messages: number }>(
      `select (select count(*)::int from tickets) as tickets,
              (select count(*)::int from stored_files where purpose = 'ticket') as files,
              (select count(*)::int from ticket_messages) as messages`,
    )
  )[0]!;

/** Expects a 400 naming `field` with exactly the message of the locale, and nothing stored. */
async function expectRefused(
  send: (locale: Locale) => Promise<import('fastify').LightMyRequestResponse>,
  texts: Record<Locale, string>,
  field?: string,
) {
  const before = await counts();
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const res = await send(locale);
    const body = expectErrorEnvelope(res, 400);
    expect(body.message).toContain(texts[locale]);
    if (field) {
      expect((body as { errors?: { path: string; message: string }[] }).errors).toContainEqual({
        path: field,
        message: texts[locale],
      });
    }
  }
  expect(await counts()).toEqual(before);
}

const long = (n: number) => 'x'.repeat(n);

describe('the work-order form (spec §5), as a browser form and as JSON', () => {
  const cases: {
    name: string;
    fields: Record<string, string | undefined>;
    field: string;
    texts: Record<Locale, string>;
  }[] = [
    {
      name: 'no type',
      fields: { type: undefined },
      field: 'type',
      texts: { 'zh-CN': '请选择工单类型', 'en-US': 'Please choose the ticket type' },
    },
    {
      name: 'an unknown type',
      fields: { type: 'refund' },
      field: 'type',
      texts: { 'zh-CN': '请选择工单类型', 'en-US': 'Please choose the ticket type' },
    },
    {
      name: 'no title',
      fields: { title: undefined },
      field: 'title',
      texts: { 'zh-CN': '请填写工单标题', 'en-US': 'Please enter a title' },
    },
    {
      name: 'a blank title',
      fields: { title: '   ' },
      field: 'title',
      texts: { 'zh-CN': '请填写工单标题', 'en-US': 'Please enter a title' },
    },
    {
      name: 'a title of 4 characters',
      fields: { title: 'abcd' },
      field: 'title',
      texts: { 'zh-CN': '标题为 5 到 100 个字符', 'en-US': 'The title is 5 to 100 characters' },
    },
    {
      name: 'a title of 101 characters',
      fields: { title: long(101) },
      field: 'title',
      texts: { 'zh-CN': '标题为 5 到 100 个字符', 'en-US': 'The title is 5 to 100 characters' },
    },
    {
      name: 'no description',
      fields: { description: undefined },
      field: 'description',
      texts: { 'zh-CN': '请填写问题描述', 'en-US': 'Please describe the problem' },
    },
    {
      name: 'a description of 9 characters',
      fields: { description: '123456789' },
      field: 'description',
      texts: { 'zh-CN': '问题描述至少 10 个字符', 'en-US': 'The description needs at least 10 characters' },
    },
    {
      name: 'a description of 2001 characters',
      fields: { description: long(2001) },
      field: 'description',
      texts: { 'zh-CN': '问题描述最多 2000 个字符', 'en-US': 'The description is at most 2000 characters' },
    },
    {
      name: 'a priority customers may not choose',
      fields: { priority: 'high' },
      field: 'priority',
      texts: { 'zh-CN': '提交方式只能是普通或加急', 'en-US': 'The submit mode is normal or urgent' },
    },
  ];

  const fieldsOf = (override: Record<string, string | undefined>) =>
    Object.fromEntries(
      Object.entries({ ...validTicket(), ...override }).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;

  test.each(cases)('refuses $name with its message in both languages', async ({ fields, field, texts }) => {
    await expectRefused(
      (locale) => postForm(t, '/api/tickets', customer, fieldsOf(fields), [], locale),
      texts,
      field,
    );
    await expectRefused(
      (locale) => api(t, 'POST', '/api/tickets', { token: customer, payload: fieldsOf(fields), locale }),
      texts,
      field,
    );
  });

  test('accepts the bounds: a 5- and a 100-character title, 10 and 2000 characters of description, urgent', async () => {
    for (const extra of [
      { title: 'xxxxx', description: '1234567890', priority: 'normal' },
      { title: long(100), description: long(2000), priority: 'urgent' },
    ]) {
      const id = await submitTicket(t, customer, extra);
      const res = await api(t, 'GET', `/api/tickets/${id}`, { token: customer });
      expect(res.json().data).toMatchObject({
        title: extra.title,
        description: extra.description,
        status: 'pending',
      });
    }
  });

  test('every type of spec §5 is accepted; the priority defaults to normal', async () => {
    for (const type of ['afterSales', 'recharge', 'feature', 'other']) {
      const { priority: _, ...noPriority } = validTicket({ type });
      const res = await api(t, 'POST', '/api/tickets', { token: customer, payload: noPriority });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ type, priority: 'normal', status: 'pending' });
      expect(res.json().data.ticketNo).toMatch(/^T\d{8}\d{6}$/);
    }
  });
});

describe('replies, remarks, ratings and staff inputs', () => {
  let id: number;
  beforeAll(async () => {
    id = await submitTicket(t, customer);
  });

  test('a reply is 1 to 1000 characters', async () => {
    const required = { 'zh-CN': '请填写回复内容', 'en-US': 'Please enter a reply' };
    await expectRefused(
      (locale) =>
        api(t, 'POST', `/api/tickets/${id}/replies`, { token: customer, payload: { content: ' ' }, locale }),
      required,
      'content',
    );
    await expectRefused(
      (locale) => api(t, 'POST', `/api/tickets/${id}/replies`, { token: customer, payload: {}, locale }),
      required,
      'content',
    );
    await expectRefused(
      (locale) =>
        postForm(t, `/api/admin/tickets/${id}/replies`, adminToken, { content: long(1001) }, [], locale),
      { 'zh-CN': '回复最多 1000 个字符', 'en-US': 'A reply is at most 1000 characters' },
      'content',
    );
    const res = await api(t, 'POST', `/api/tickets/${id}/replies`, {
      token: customer,
      payload: { content: long(1000) },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('a remark is 1 to 1000 characters', async () => {
    await expectRefused(
      (locale) =>
        api(t, 'POST', `/api/admin/tickets/${id}/remarks`, {
          token: adminToken,
          payload: { content: '' },
          locale,
        }),
      { 'zh-CN': '请填写备注内容', 'en-US': 'Please enter the remark' },
      'content',
    );
    await expectRefused(
      (locale) =>
        api(t, 'POST', `/api/admin/tickets/${id}/remarks`, {
          token: adminToken,
          payload: { content: long(1001) },
          locale,
        }),
      { 'zh-CN': '备注最多 1000 个字符', 'en-US': 'A remark is at most 1000 characters' },
      'content',
    );
  });

  test('a rating is a whole number of stars from 1 to 5; feedback at most 500 characters', async () => {
    const rating = { 'zh-CN': '请选择 1 到 5 星的评分', 'en-US': 'Please choose a rating from 1 to 5 stars' };
    for (const value of [0, 6, 2.5, '5', null]) {
      await expectRefused(
        (locale) =>
          api(t, 'POST', `/api/tickets/${id}/rating`, {
            token: customer,
            payload: { rating: value },
            locale,
          }),
        rating,
        'rating',
      );
    }
    await expectRefused(
      (locale) =>
        api(t, 'POST', `/api/tickets/${id}/rating`, {
          token: customer,
          payload: { rating: 5, feedback: long(501) },
          locale,
        }),
      { 'zh-CN': '评价内容最多 500 个字符', 'en-US': 'The feedback is at most 500 characters' },
      'feedback',
    );
  });

  test('staff choose statuses and priorities from spec §4 only', async () => {
    await expectRefused(
      (locale) =>
        api(t, 'PUT', `/api/admin/tickets/${id}/status`, {
          token: adminToken,
          payload: { status: 'done' },
          locale,
        }),
      {
        'zh-CN': '状态只能是待处理、处理中、已完成或已关闭',
        'en-US': 'The status is pending, processing, completed or closed',
      },
      'status',
    );
    await expectRefused(
      (locale) =>
        api(t, 'PUT', `/api/admin/tickets/${id}/priority`, {
          token: adminToken,
          payload: { priority: 'asap' },
          locale,
        }),
      { 'zh-CN': '优先级只能是低、普通、高或紧急', 'en-US': 'The priority is low, normal, high or urgent' },
      'priority',
    );
    const res = await api(t, 'PUT', `/api/admin/tickets/${id}/priority`, {
      token: adminToken,
      payload: { priority: 'high' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('queue filters are checked too (no 500 on nonsense)', async () => {
    for (const query of [
      'status=open',
      'priority=x',
      'type=y',
      'assignee=abc',
      'from=yesterday',
      'pageSize=9999',
    ]) {
      expectErrorEnvelope(await api(t, 'GET', `/api/admin/tickets?${query}`, { token: adminToken }), 400);
    }
  });
});
