import { AD_IMAGE_MAX_BYTES, USER_TYPE } from '@jiema/shared';
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
import { JPEG_2X2, PNG_2X2 } from '../support/images';
import { multipart } from '../support/multipart';

const BASE = '/api/admin/ads';
const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let t: TestApp;
let adminToken: string;
let imageFileId: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t, ADMIN.username, ADMIN.password);
  imageFileId = (await upload(PNG_2X2)).json().data.fileId;
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

function upload(bytes: Buffer | string, token: string | null = adminToken, filename = 'banner.png') {
  const body = multipart([{ name: 'file', content: bytes, filename, contentType: 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/image`,
    headers: { ...(token ? authed(token) : {}), ...body.headers },
    payload: body.payload,
  });
}

const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from ads'))[0]!.n;
const valid = () => ({
  title: 'Spring sale',
  imageFileId,
  linkUrl: 'https://example.com/sale',
  placement: 'home_banner',
});

async function create(input: Record<string, unknown> = {}) {
  const res = await api('POST', BASE, { payload: { ...valid(), ...input } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; status: string; imageUrl: string };
}

describe('ad images', () => {
  test('a PNG or JPEG is stored, audit-logged and served back with its type', async () => {
    for (const bytes of [PNG_2X2, JPEG_2X2]) {
      const res = await upload(bytes);
      expect(res.statusCode, res.body).toBe(200);
      const { fileId, url } = res.json().data;
      expect(url).toBe(`/api/files/${fileId}`);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(bytes === PNG_2X2 ? 'image/png' : 'image/jpeg');
      expect(served.rawPayload.equals(bytes)).toBe(true);
      const [row] = await auditEntriesOf(t.db, 'ad_image', fileId);
      expect(row).toMatchObject({ action: 'upload', actor_name: ADMIN.username });
    }
  });

  test('a file that is not an image (whatever its name says) is refused', async () => {
    const body = expectErrorEnvelope(await upload('<svg onload="alert(1)"></svg>', adminToken, 'x.png'), 400);
    expect(body.error).toBe('FILE_TYPE_INVALID');
  });

  test('a file over the limit is refused', async () => {
    const big = Buffer.concat([PNG_2X2, Buffer.alloc(AD_IMAGE_MAX_BYTES)]);
    expect(expectErrorEnvelope(await upload(big), 400).error).toBe('FILE_TOO_LARGE');
  });

  test('no file at all is a 400', async () => {
    const res = await api('POST', `${BASE}/image`, { payload: {} });
    expect(expectErrorEnvelope(res, 400).error).toBe('FILE_REQUIRED');
  });

  test('customers and agents cannot upload', async () => {
    const { token } = await loginAs(t, USER_TYPE.CUSTOMER);
    expectErrorEnvelope(await upload(PNG_2X2, token), 403);
    expectErrorEnvelope(await upload(PNG_2X2, null), 401);
  });
});

describe('managing ads', () => {
  test('adds an ad with defaults, audit-logged', async () => {
    const created = await create();
    expect(created).toMatchObject({
      ...valid(),
      imageUrl: `/api/files/${imageFileId}`,
      locale: 'all',
      startsAt: null,
      endsAt: null,
      enabled: true,
      sortOrder: 0,
      status: 'running',
    });
    const [row] = await auditEntriesOf(t.db, 'ad', created.id);
    expect(row).toMatchObject({ action: 'create', after: { title: 'Spring sale' } });
  });

  test('an ad without a link is fine', async () => {
    await create({ linkUrl: '' });
  });

  test.each([
    ['title missing', { title: undefined }, 'title', '请填写广告标题'],
    ['title blank', { title: '   ' }, 'title', '请填写广告标题'],
    ['title too long', { title: 't'.repeat(101) }, 'title', '最多 100 个字符'],
    ['image missing', { imageFileId: undefined }, 'imageFileId', '请上传广告图片'],
    ['image id malformed', { imageFileId: '../../etc' }, 'imageFileId', '请上传广告图片'],
    ['link javascript:', { linkUrl: 'javascript:alert(1)' }, 'linkUrl', 'http:// 或 https://'],
    ['link ftp:', { linkUrl: 'ftp://example.com/x' }, 'linkUrl', 'http:// 或 https://'],
    ['link data:', { linkUrl: 'data:text/html,<b>x</b>' }, 'linkUrl', 'http:// 或 https://'],
    ['link relative', { linkUrl: '/dashboard' }, 'linkUrl', 'http:// 或 https://'],
    [
      'link too long',
      { linkUrl: `https://example.com/${'a'.repeat(2048)}` },
      'linkUrl',
      'http:// 或 https://',
    ],
    ['placement missing', { placement: undefined }, 'placement', '请选择广告位置'],
    ['placement unknown', { placement: 'sidebar' }, 'placement', '请选择广告位置'],
    ['locale unknown', { locale: 'fr-FR' }, 'locale', '请选择展示语言'],
    ['start not a date', { startsAt: 'tomorrow' }, 'startsAt', '时间格式不正确'],
    ['end without a zone', { endsAt: '2030-01-01 10:00' }, 'endsAt', '时间格式不正确'],
    ['end before start', { startsAt: at(2 * HOUR), endsAt: at(HOUR) }, 'endsAt', '结束时间必须晚于开始时间'],
    [
      'end equal to start',
      { startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
      'endsAt',
      '结束时间',
    ],
    ['sort order negative', { sortOrder: -5 }, 'sortOrder', '0 到 9999'],
    ['enabled not a boolean', { enabled: 'true' }, 'enabled', ''],
  ])('%s: 400 naming the field, nothing stored', async (_, input, field, text) => {
    const before = await count();
    const body = expectErrorEnvelope(await api('POST', BASE, { payload: { ...valid(), ...input } }), 400) as {
      errors?: Array<{ path: string; message: string }>;
    };
    const issue = body.errors?.find((e) => e.path === field);
    expect(issue, JSON.stringify(body)).toBeDefined();
    expect(issue!.message).toContain(text);
    expect(await count()).toBe(before);
  });

  test('an image id that was never uploaded, or is not an ad image, is refused', async () => {
    const before = await count();
    const missing = expectErrorEnvelope(
      await api('POST', BASE, { payload: { ...valid(), imageFileId: 'AAAAAAAAAAAAAAAA' } }),
      400,
    );
    expect(missing.error).toBe('AD_IMAGE_NOT_FOUND');
    // Someone's avatar is a stored file too, but not one an ad may show.
    const avatar = multipart([
      { name: 'file', content: PNG_2X2, filename: 'a.png', contentType: 'image/png' },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...authed(adminToken), ...avatar.headers },
      payload: avatar.payload,
    });
    const avatarId = (uploaded.json().data.iconPath as string).split('/').pop();
    const body = expectErrorEnvelope(
      await api('POST', BASE, { payload: { ...valid(), imageFileId: avatarId } }),
      400,
    );
    expect(body.error).toBe('AD_IMAGE_NOT_FOUND');
    expect(await count()).toBe(before);
  });

  test('edits, disables and deletes, each audit-logged; a missing id is a 404', async () => {
    const { id } = await create({ title: 'before' });
    const newImage = (await upload(JPEG_2X2)).json().data.fileId;
    const edited = await api('PUT', `${BASE}/${id}`, {
      payload: { ...valid(), title: 'after', imageFileId: newImage, placement: 'dashboard_banner' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'after',
      imageFileId: newImage,
      placement: 'dashboard_banner',
    });
    const disabled = await api('PUT', `${BASE}/${id}/enabled`, { payload: { enabled: false } });
    expect(disabled.json().data).toMatchObject({ enabled: false, status: 'disabled' });
    expect((await api('DELETE', `${BASE}/${id}`)).statusCode).toBe(200);
    const rows = await auditEntriesOf(t.db, 'ad', id);
    expect(rows.map((r) => r.action)).toEqual(['delete', 'disable', 'update', 'create']);
    expect(rows[2]).toMatchObject({ before: { title: 'before' }, after: { title: 'after' } });
    for (const [method, path, payload] of [
      ['PUT', `/${id}`, valid()],
      ['PUT', `/${id}/enabled`, { enabled: true }],
      ['DELETE', `/${id}`, undefined],
    ] as const) {
      const body = expectErrorEnvelope(await api(method, `${BASE}${path}`, { payload }), 404);
      expect(body).toMatchObject({ error: 'AD_NOT_FOUND', message: '广告不存在' });
    }
  });
});

describe('schedule and placement', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    await t.db.query('delete from ads');
    const placement = 'dashboard_banner';
    ids = {
      always: (await create({ placement, title: 'always', sortOrder: 2 })).id,
      window: (
        await create({ placement, title: 'window', startsAt: at(-HOUR), endsAt: at(HOUR), sortOrder: 1 })
      ).id,
      openEnd: (await create({ placement, title: 'open end', startsAt: at(-HOUR), sortOrder: 3 })).id,
      future: (await create({ placement, title: 'future', startsAt: at(HOUR) })).id,
      past: (await create({ placement, title: 'past', startsAt: at(-2 * HOUR), endsAt: at(-HOUR) })).id,
      disabled: (await create({ placement, title: 'disabled', enabled: false })).id,
      zhOnly: (await create({ placement, title: 'zh only', locale: 'zh-CN', sortOrder: 4 })).id,
      enOnly: (await create({ placement, title: 'en only', locale: 'en-US', sortOrder: 4 })).id,
      otherPlacement: (await create({ placement: 'login_side', title: 'login' })).id,
    };
  });

  const live = async (placement: string, locale: 'zh-CN' | 'en-US') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ads?placement=${placement}`,
      headers: { 'x-locale': locale },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<{ id: number; title: string; imageUrl: string; linkUrl: string }>;
  };

  test('the public list (no login) has only enabled ads inside their schedule, in sort order', async () => {
    const zh = await live('dashboard_banner', 'zh-CN');
    expect(zh.map((a) => a.id)).toEqual([ids.window, ids.always, ids.openEnd, ids.zhOnly]);
    expect(zh[0]).toEqual({
      id: ids.window,
      title: 'window',
      imageUrl: `/api/files/${imageFileId}`,
      linkUrl: 'https://example.com/sale',
      placement: 'dashboard_banner',
    });
  });

  test('an ad for one language is shown only to visitors reading in it', async () => {
    const en = await live('dashboard_banner', 'en-US');
    expect(en.map((a) => a.id)).toEqual([ids.window, ids.always, ids.openEnd, ids.enOnly]);
  });

  test('each placement has its own ads', async () => {
    expect((await live('login_side', 'zh-CN')).map((a) => a.id)).toEqual([ids.otherPlacement]);
    expect(await live('home_banner', 'zh-CN')).toEqual([]);
  });

  test('an ad appears when its start comes and goes away when its end passes', async () => {
    await t.db.query("update ads set starts_at = now() - interval '1 second' where id = $1", [ids.future]);
    await t.db.query("update ads set ends_at = now() - interval '1 second' where id = $1", [ids.window]);
    const zh = (await live('dashboard_banner', 'zh-CN')).map((a) => a.id);
    expect(zh).toContain(ids.future);
    expect(zh).not.toContain(ids.window);
    await t.db.query("update ads set starts_at = now() + interval '1 hour' where id = $1", [ids.future]);
    await t.db.query("update ads set ends_at = now() + interval '1 hour' where id = $1", [ids.window]);
  });

  test('the administrator list tells each ad state and filters by it', async () => {
    const byStatus = async (status: string) =>
      (
        (await api('GET', `${BASE}?placement=dashboard_banner&status=${status}&pageSize=50`)).json().data
          .list as Array<{
          id: number;
        }>
      ).map((a) => a.id);
    expect(await byStatus('scheduled')).toEqual([ids.future]);
    expect(await byStatus('ended')).toEqual([ids.past]);
    expect(await byStatus('disabled')).toEqual([ids.disabled]);
    expect((await byStatus('running')).sort()).toEqual(
      [ids.always, ids.window, ids.openEnd, ids.zhOnly, ids.enOnly].sort(),
    );
    expectErrorEnvelope(await api('GET', `${BASE}?status=paused`), 400);
  });

  test('the public list needs a valid placement', async () => {
    for (const url of ['/api/ads', '/api/ads?placement=sidebar']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectErrorEnvelope(res, 400);
    }
  });
});

describe('permissions', () => {
  const routes: Array<[HTTPMethods, string, unknown?]> = [
    ['GET', BASE],
    ['POST', BASE, { title: 'x', imageFileId: 'AAAAAAAAAAAAAAAA', placement: 'home_banner' }],
    ['PUT', `${BASE}/1`, { title: 'x', imageFileId: 'AAAAAAAAAAAAAAAA', placement: 'home_banner' }],
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
