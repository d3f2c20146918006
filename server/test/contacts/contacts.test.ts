import { USER_TYPE } from '@jiema/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  auditEntriesOf,
  authed,
  createTestApp,
  expectErrorEnvelope,
  login,
  loginAs,
  type TestApp,
} from '../helpers';

const BASE = '/api/admin/contacts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t, ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

type Call = { payload?: unknown; token?: string | null; locale?: 'zh-CN' | 'en-US' };
function api(method: HTTPMethods, url: string, { payload, token, locale = 'zh-CN' }: Call = {}) {
  const auth = token === null ? {} : authed(token ?? adminToken);
  return t.app.inject({
    method,
    url,
    headers: { ...auth, 'x-locale': locale },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const count = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from contact_channels'))[0]!.n;

const telegram = {
  type: 'telegram',
  labelZh: '电报客服',
  labelEn: 'Telegram support',
  value: '@jiema_support',
};

async function create(input: Record<string, unknown> = {}) {
  const res = await api('POST', BASE, { payload: { ...telegram, ...input } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; enabled: boolean; sortOrder: number };
}

describe('managing contact channels', () => {
  test('adds one with defaults, audit-logged', async () => {
    const created = await create();
    expect(created).toMatchObject({ ...telegram, link: '', enabled: true, sortOrder: 0 });
    const [row] = await auditEntriesOf(t.db, 'contact_channel', created.id);
    expect(row).toMatchObject({
      action: 'create',
      actor_name: ADMIN.username,
      after: { value: '@jiema_support' },
    });
  });

  test.each([
    ['email', { type: 'email', labelZh: '邮箱', value: 'support@example.com' }],
    ['phone', { type: 'phone', labelZh: '电话', value: '+86 138 0000 0000' }],
    ['whatsapp', { type: 'whatsapp', labelZh: 'WhatsApp', value: '+1 202 555 0100' }],
    ['wechat', { type: 'wechat', labelZh: '微信', value: 'jiema-kf' }],
    ['qq', { type: 'qq', labelZh: 'QQ', value: '10001' }],
    ['link', { type: 'link', labelZh: '帮助中心', value: '帮助中心', link: 'https://help.example.com' }],
    ['link as value', { type: 'link', labelZh: '帮助中心', value: 'https://help.example.com' }],
    ['telegram with a link', { ...telegram, link: 'https://t.me/jiema_support' }],
    [
      'a mailto link',
      { type: 'email', labelZh: '邮箱', value: 'a@example.com', link: 'mailto:a@example.com' },
    ],
  ])('accepts a %s channel', async (_, input) => {
    await create(input);
  });

  test('stores a phone or WhatsApp number in E.164, as every typed number is read', async () => {
    const phone = await create({ type: 'phone', labelZh: '电话', value: '+86 138-0000-0001' });
    const whatsapp = await create({ type: 'whatsapp', labelZh: 'WA', value: '00 7 (999) 123-45-67' });
    const values = await t.db.query<{ value: string }>(
      'select value from contact_channels where id in ($1, $2) order by id',
      [phone.id, whatsapp.id],
    );
    expect(values.map((r) => r.value)).toEqual(['+8613800000001', '+79991234567']);
  });

  test.each([
    ['type missing', { ...telegram, type: undefined }, 'type', '请选择联系方式类型'],
    ['type unknown', { ...telegram, type: 'fax' }, 'type', '请选择联系方式类型'],
    ['Chinese label missing', { ...telegram, labelZh: undefined }, 'labelZh', '请填写中文名称'],
    ['Chinese label blank', { ...telegram, labelZh: '  ' }, 'labelZh', '请填写中文名称'],
    ['Chinese label too long', { ...telegram, labelZh: '名'.repeat(65) }, 'labelZh', '最多 64 个字符'],
    ['English label too long', { ...telegram, labelEn: 'n'.repeat(65) }, 'labelEn', '最多 64 个字符'],
    ['value missing', { ...telegram, value: undefined }, 'value', '请填写联系方式'],
    ['value blank', { ...telegram, value: '' }, 'value', '请填写联系方式'],
    ['value too long', { ...telegram, value: 'v'.repeat(201) }, 'value', '最多 200 个字符'],
    [
      'email value not an email',
      { type: 'email', labelZh: '邮箱', value: 'not-an-email' },
      'value',
      '邮箱格式不正确',
    ],
    [
      'phone value with letters',
      { type: 'phone', labelZh: '电话', value: 'call me' },
      'value',
      '电话号码格式不正确',
    ],
    [
      'whatsapp value not a number',
      { type: 'whatsapp', labelZh: 'W', value: 'abc' },
      'value',
      '电话号码格式不正确',
    ],
    [
      'phone value without a country code',
      { type: 'phone', labelZh: '电话', value: '138 0000 0000' },
      'value',
      '电话号码格式不正确',
    ],
    [
      'phone value outside any numbering plan',
      { type: 'phone', labelZh: '电话', value: '+7 000 123 45 67' },
      'value',
      '电话号码格式不正确',
    ],
    ['link javascript:', { ...telegram, link: 'javascript:alert(1)' }, 'link', '链接必须以'],
    ['link data:', { ...telegram, link: 'data:text/html,hi' }, 'link', '链接必须以'],
    ['link not a URL', { ...telegram, link: 'www.example.com' }, 'link', '链接必须以'],
    [
      'link type without a link',
      { type: 'link', labelZh: '帮助', value: '帮助中心' },
      'link',
      'http(s) 链接',
    ],
    ['sort order negative', { ...telegram, sortOrder: -1 }, 'sortOrder', '0 到 9999'],
    ['sort order too big', { ...telegram, sortOrder: 10000 }, 'sortOrder', '0 到 9999'],
    ['sort order a fraction', { ...telegram, sortOrder: 1.5 }, 'sortOrder', '0 到 9999'],
    ['sort order a string', { ...telegram, sortOrder: '3' }, 'sortOrder', '0 到 9999'],
    ['enabled not a boolean', { ...telegram, enabled: 1 }, 'enabled', ''],
  ])('%s: 400 naming the field, nothing stored', async (_, payload, field, text) => {
    const before = await count();
    const body = expectErrorEnvelope(await api('POST', BASE, { payload }), 400) as {
      errors?: Array<{ path: string; message: string }>;
    };
    const issue = body.errors?.find((e) => e.path === field);
    expect(issue, JSON.stringify(body)).toBeDefined();
    expect(issue!.message).toContain(text);
    expect(await count()).toBe(before);
  });

  test('edits a channel, hides it and deletes it, each audit-logged', async () => {
    const { id } = await create({ sortOrder: 5 });
    const edited = await api('PUT', `${BASE}/${id}`, {
      payload: { type: 'email', labelZh: '邮件', labelEn: 'Email', value: 'hi@example.com', sortOrder: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ type: 'email', value: 'hi@example.com', sortOrder: 1 });
    const hidden = await api('PUT', `${BASE}/${id}/enabled`, { payload: { enabled: false } });
    expect(hidden.json().data.enabled).toBe(false);
    expect((await api('DELETE', `${BASE}/${id}`)).statusCode).toBe(200);
    const actions = (await auditEntriesOf(t.db, 'contact_channel', id)).map((r) => r.action);
    expect(actions).toEqual(['delete', 'disable', 'update', 'create']);
  });

  test('an invalid edit changes nothing', async () => {
    const { id } = await create({ value: '@keep_me' });
    expectErrorEnvelope(
      await api('PUT', `${BASE}/${id}`, { payload: { ...telegram, link: 'javascript:x' } }),
      400,
    );
    const [row] = await t.db.query<{ value: string; link: string }>(
      'select value, link from contact_channels where id = $1',
      [id],
    );
    expect(row).toEqual({ value: '@keep_me', link: '' });
  });

  test.each([
    ['PUT', '/987654', telegram],
    ['PUT', '/987654/enabled', { enabled: true }],
    ['DELETE', '/987654', undefined],
  ] as const)('%s %s on a missing id: 404 in the caller language', async (method, path, payload) => {
    const body = expectErrorEnvelope(await api(method, `${BASE}${path}`, { payload, locale: 'en-US' }), 404);
    expect(body).toMatchObject({ error: 'CONTACT_NOT_FOUND', message: 'Contact channel not found' });
  });

  test('lists with paging, type and keyword filters', async () => {
    await create({ type: 'qq', labelZh: 'QQ 群', value: '998877' });
    const qq = (await api('GET', `${BASE}?type=qq&keyword=998877`)).json().data;
    expect(qq.total).toBe(1);
    expect(qq.list[0]).toMatchObject({ type: 'qq', value: '998877' });
    expectErrorEnvelope(await api('GET', `${BASE}?type=fax`), 400);
  });
});

describe('the public contact list', () => {
  test('needs no login and shows only enabled channels, in sort order', async () => {
    await t.db.query('delete from contact_channels');
    const second = await create({ labelZh: '第二', sortOrder: 2 });
    const first = await create({ labelZh: '第一', sortOrder: 1 });
    const hidden = await create({ labelZh: '隐藏', sortOrder: 0, enabled: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/contacts' });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as Array<{ id: number }>;
    expect(list.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(list.map((c) => c.id)).not.toContain(hidden.id);
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'labelEn', 'labelZh', 'link', 'type', 'value']);
  });

  test('works with a stale token too (it does not look at the session)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contacts', headers: authed('not-a-token') });
    expect(res.statusCode).toBe(200);
  });
});

describe('permissions', () => {
  const routes: Array<[HTTPMethods, string, unknown?]> = [
    ['GET', BASE],
    ['POST', BASE, telegram],
    ['PUT', `${BASE}/1`, telegram],
    ['PUT', `${BASE}/1/enabled`, { enabled: false }],
    ['DELETE', `${BASE}/1`],
  ];
  test.each([USER_TYPE.CUSTOMER, USER_TYPE.AGENT])(
    'user type %s gets 403 on every admin route',
    async (type) => {
      const { token } = await loginAs(t, type);
      const before = await count();
      for (const [method, url, payload] of routes)
        expectErrorEnvelope(await api(method, url, { payload, token }), 403);
      expect(await count()).toBe(before);
    },
  );

  test('without a login: 401', async () => {
    for (const [method, url, payload] of routes)
      expectErrorEnvelope(await api(method, url, { payload, token: null }), 401);
  });
});
