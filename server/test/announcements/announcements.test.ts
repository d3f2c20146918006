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

const BASE = '/api/admin/announcements';

let t: TestApp;
let adminToken: string;
let customerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t, ADMIN.username, ADMIN.password);
  customerToken = (await loginAs(t, USER_TYPE.CUSTOMER)).token;
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
  (await t.db.query<{ n: number }>('select count(*)::int as n from announcements'))[0]!.n;
const valid = () => ({ titleZh: '系统维护通知', contentZh: '<p>今晚 <b>22:00</b> 维护</p>' });

type Announcement = {
  id: number;
  published: boolean;
  pinned: boolean;
  publishedAt: string | null;
  contentZh: string;
};
async function create(input: Record<string, unknown> = {}) {
  const res = await api('POST', BASE, { payload: { ...valid(), ...input } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Announcement;
}

describe('writing announcements', () => {
  test('a new one is a draft by default, audit-logged', async () => {
    const created = await create();
    expect(created).toMatchObject({
      ...valid(),
      titleEn: '',
      contentEn: '',
      published: false,
      pinned: false,
      publishedAt: null,
    });
    const [row] = await auditEntriesOf(t.db, 'announcement', created.id);
    expect(row).toMatchObject({
      action: 'create',
      actor_name: ADMIN.username,
      after: { titleZh: '系统维护通知' },
    });
  });

  test('the content is sanitised on the server before it is stored', async () => {
    const created = await create({
      contentZh:
        '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a>' +
        '<img src="/a.png" onerror="alert(1)"></p><iframe src="https://evil"></iframe>',
      titleEn: 'Maintenance',
      contentEn:
        '<p>Tonight<style>*{}</style> <a href="https://example.com" onmouseover="x()">details</a></p>',
    });
    expect(created.contentZh).toBe(
      '<p>正文<a target="_blank" rel="noopener noreferrer nofollow">链接</a><img src="/a.png"></p>',
    );
    const [stored] = await t.db.query<{ content_zh: string; content_en: string }>(
      'select content_zh, content_en from announcements where id = $1',
      [created.id],
    );
    expect(stored!.content_zh).toBe(created.contentZh);
    expect(stored!.content_en).toBe(
      '<p>Tonight <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">details</a></p>',
    );
    for (const html of [stored!.content_zh, stored!.content_en])
      expect(html).not.toMatch(/<script|javascript:|onclick|onerror|onmouseover|<iframe|<style/i);
  });

  test('content that sanitises to nothing is refused', async () => {
    const before = await count();
    const zh = expectErrorEnvelope(
      await api('POST', BASE, {
        payload: { titleZh: 't', contentZh: '<script>alert(1)</script><p><br></p>' },
      }),
      400,
    );
    expect(zh).toMatchObject({ error: 'ANNOUNCEMENT_CONTENT_EMPTY', message: '公告中文内容不能为空' });
    const en = expectErrorEnvelope(
      await api('POST', BASE, {
        payload: { ...valid(), titleEn: 'T', contentEn: '<iframe></iframe>' },
        locale: 'en-US',
      }),
      400,
    );
    expect(en).toMatchObject({ error: 'ANNOUNCEMENT_ENGLISH_CONTENT_EMPTY' });
    expect(en.message).toContain('The English content is empty');
    expect(await count()).toBe(before);
  });

  test.each([
    ['Chinese title missing', { titleZh: undefined }, 'titleZh', '请填写公告标题'],
    ['Chinese title blank', { titleZh: '  ' }, 'titleZh', '请填写公告标题'],
    ['Chinese title too long', { titleZh: '标'.repeat(201) }, 'titleZh', '最多 200 个字符'],
    ['Chinese content missing', { contentZh: undefined }, 'contentZh', '请填写公告内容'],
    ['Chinese content empty', { contentZh: '' }, 'contentZh', '请填写公告内容'],
    ['Chinese content too long', { contentZh: `<p>${'x'.repeat(100_000)}</p>` }, 'contentZh', '公告内容过长'],
    ['English title too long', { titleEn: 't'.repeat(201), contentEn: 'c' }, 'titleEn', '最多 200 个字符'],
    ['English title without content', { titleEn: 'Hello' }, 'contentEn', '英文标题和英文内容需同时填写'],
    ['English content without title', { contentEn: '<p>Hi</p>' }, 'titleEn', '英文标题和英文内容需同时填写'],
    ['published not a boolean', { published: 'yes' }, 'published', ''],
    ['pinned not a boolean', { pinned: 1 }, 'pinned', ''],
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

  test('edits, publishes, pins, unpublishes and deletes, each audit-logged', async () => {
    const { id } = await create();
    const edited = await api('PUT', `${BASE}/${id}`, {
      payload: { ...valid(), titleZh: '新标题', titleEn: 'New title', contentEn: '<p>Body</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ titleZh: '新标题', titleEn: 'New title', published: false });

    const published = (await api('PUT', `${BASE}/${id}/published`, { payload: { published: true } })).json()
      .data;
    expect(published.published).toBe(true);
    expect(Date.parse(published.publishedAt)).toBeGreaterThan(Date.now() - 60_000);

    const pinned = (await api('PUT', `${BASE}/${id}/pinned`, { payload: { pinned: true } })).json().data;
    expect(pinned).toMatchObject({ pinned: true, publishedAt: published.publishedAt });

    // Publishing again keeps the original time; an edit of a published one keeps it published.
    await api('PUT', `${BASE}/${id}/published`, { payload: { published: true } });
    const kept = (
      await api('PUT', `${BASE}/${id}`, { payload: { ...valid(), published: true, pinned: true } })
    ).json().data;
    expect(kept).toMatchObject({ published: true, publishedAt: published.publishedAt });

    const unpublished = (
      await api('PUT', `${BASE}/${id}/published`, { payload: { published: false } })
    ).json().data;
    expect(unpublished).toMatchObject({ published: false, publishedAt: null });

    expect((await api('DELETE', `${BASE}/${id}`)).statusCode).toBe(200);
    const actions = (await auditEntriesOf(t.db, 'announcement', id)).map((r) => r.action);
    expect(actions).toEqual([
      'delete',
      'unpublish',
      'update',
      'publish',
      'pin',
      'publish',
      'update',
      'create',
    ]);
  });

  test.each([
    ['GET', ''],
    ['PUT', ''],
    ['PUT', '/published'],
    ['PUT', '/pinned'],
    ['DELETE', ''],
  ] as const)('%s %s on a missing id: 404 announcement details not found', async (method, suffix) => {
    const payload = method === 'PUT' ? { ...valid(), published: true, pinned: true } : undefined;
    const body = expectErrorEnvelope(await api(method, `${BASE}/424242${suffix}`, { payload }), 404);
    expect(body).toMatchObject({ error: 'ANNOUNCEMENT_NOT_FOUND', message: '公告详情不存在' });
  });
});

describe('reading announcements', () => {
  let ids: { old: number; draft: number; pinned: number; bilingual: number };
  beforeAll(async () => {
    await t.db.query('delete from announcements');
    ids = {
      old: (await create({ titleZh: '旧公告', published: true })).id,
      draft: (await create({ titleZh: '草稿', published: false })).id,
      pinned: (await create({ titleZh: '置顶', published: true, pinned: true })).id,
      bilingual: (
        await create({
          titleZh: '双语',
          titleEn: 'Bilingual',
          contentEn: '<p>English body</p>',
          published: true,
        })
      ).id,
    };
    // Publication times one second apart, so "newest first" is certain.
    await t.db.query(
      `update announcements set published_at = now() - make_interval(secs => $2) where id = $1`,
      [ids.old, 30],
    );
  });

  const readerList = async (locale: 'zh-CN' | 'en-US' = 'zh-CN', token = customerToken) => {
    const res = await api('GET', '/api/announcements', { token, locale });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      total: number;
      list: Array<{ id: number; title: string; content: string; pinned: boolean; publishedAt: string }>;
    };
  };

  test('readers see published ones only: pinned first, then newest', async () => {
    const { list, total } = await readerList();
    expect(total).toBe(3);
    expect(list.map((a) => a.id)).toEqual([ids.pinned, ids.bilingual, ids.old]);
    expect(list.map((a) => a.id)).not.toContain(ids.draft);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'content',
      'id',
      'pinned',
      'publishedAt',
      'readCount',
      'title',
    ]);
  });

  test('English readers get the English version, or the Chinese one when there is none', async () => {
    const { list } = await readerList('en-US');
    const byId = new Map(list.map((a) => [a.id, a]));
    expect(byId.get(ids.bilingual)).toMatchObject({ title: 'Bilingual', content: '<p>English body</p>' });
    expect(byId.get(ids.old)).toMatchObject({ title: '旧公告' });
    expect(byId.get(ids.bilingual)!.title).not.toBe('双语');
  });

  test('a reader opens a published one; a draft or a missing one is "announcement details not found"', async () => {
    const res = await api('GET', `/api/announcements/${ids.pinned}`, { token: customerToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: ids.pinned, title: '置顶', pinned: true });

    for (const id of [ids.draft, 999_999]) {
      const zh = expectErrorEnvelope(
        await api('GET', `/api/announcements/${id}`, { token: customerToken }),
        404,
      );
      expect(zh).toMatchObject({ error: 'ANNOUNCEMENT_NOT_FOUND', message: '公告详情不存在' });
      const en = await api('GET', `/api/announcements/${id}`, { token: customerToken, locale: 'en-US' });
      expect(en.json().message).toBe('Announcement details not found');
    }
    expectErrorEnvelope(await api('GET', '/api/announcements/abc', { token: customerToken }), 400);
  });

  test('administrators see the draft through the admin routes', async () => {
    const one = await api('GET', `${BASE}/${ids.draft}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ id: ids.draft, titleZh: '草稿', published: false });
    const drafts = (await api('GET', `${BASE}?published=false`)).json().data;
    expect(drafts.list.map((a: { id: number }) => a.id)).toEqual([ids.draft]);
    const search = (await api('GET', `${BASE}?keyword=Bilingual`)).json().data;
    expect(search.list.map((a: { id: number }) => a.id)).toEqual([ids.bilingual]);
  });

  test('once unpublished, it is gone for readers at once', async () => {
    await api('PUT', `${BASE}/${ids.old}/published`, { payload: { published: false } });
    expectErrorEnvelope(await api('GET', `/api/announcements/${ids.old}`, { token: customerToken }), 404);
    expect((await readerList()).list.map((a) => a.id)).not.toContain(ids.old);
    await api('PUT', `${BASE}/${ids.old}/published`, { payload: { published: true } });
  });

  test('an agent (no permissions at all) can read them too; without a login it is a 401', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    expect((await readerList('zh-CN', agent.token)).total).toBeGreaterThan(0);
    expectErrorEnvelope(await api('GET', '/api/announcements', { token: null }), 401);
    expectErrorEnvelope(await api('GET', `/api/announcements/${ids.pinned}`, { token: null }), 401);
  });

  test('the reader list pages', async () => {
    const res = await api('GET', '/api/announcements?page=2&pageSize=2', { token: customerToken });
    expect(res.json().data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(res.json().data.list).toHaveLength(1);
    expectErrorEnvelope(await api('GET', '/api/announcements?pageSize=1000', { token: customerToken }), 400);
  });
});

describe('permissions', () => {
  const routes: Array<[HTTPMethods, string, unknown?]> = [
    ['GET', BASE],
    ['GET', `${BASE}/1`],
    ['POST', BASE, { titleZh: 't', contentZh: 'c' }],
    ['PUT', `${BASE}/1`, { titleZh: 't', contentZh: 'c' }],
    ['PUT', `${BASE}/1/published`, { published: true }],
    ['PUT', `${BASE}/1/pinned`, { pinned: true }],
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
