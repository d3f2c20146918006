import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, createTestApp, expectErrorEnvelope, login, loginAs, type TestApp } from '../helpers';
import { as, dataOf } from '../store/store-helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, await login(t, ADMIN.username, ADMIN.password));
});
afterAll(() => t?.close());

async function publish(titleZh: string) {
  const created = dataOf<{ id: number }>(
    await admin({
      method: 'POST',
      url: '/api/admin/announcements',
      payload: { titleZh, contentZh: `<p>${titleZh}</p>`, published: true },
    }),
  );
  return created.id;
}
type Paged<T> = { list: T[]; total: number };
type Reader = { id: number; readCount: number };

describe('spec §9 read filter (1 all, 2 unread, 3 read)', () => {
  test('opening an announcement counts a read for that reader only; the filter follows it', async () => {
    const first = await publish('读过的公告');
    const second = await publish('没读过的公告');
    const reader = as(t, (await loginAs(t, USER_TYPE.CUSTOMER)).token);
    const other = as(t, (await loginAs(t, USER_TYPE.CUSTOMER)).token);

    const list = async (call: typeof reader, read?: string) =>
      dataOf<Paged<Reader>>(
        await call({ method: 'GET', url: `/api/announcements?pageSize=100${read ? `&read=${read}` : ''}` }),
      );
    const ids = (page: Paged<Reader>) => page.list.map((a) => a.id);

    expect(
      dataOf<Reader>(await reader({ method: 'GET', url: `/api/announcements/${first}` })).readCount,
    ).toBe(1);
    expect(
      dataOf<Reader>(await reader({ method: 'GET', url: `/api/announcements/${first}` })).readCount,
    ).toBe(2);

    const all = await list(reader, '1');
    expect(ids(all)).toEqual(expect.arrayContaining([first, second]));
    expect(all.list.find((a) => a.id === first)?.readCount).toBe(2);
    expect(all.list.find((a) => a.id === second)?.readCount).toBe(0);
    expect(ids(await list(reader, '3'))).toContain(first);
    expect(ids(await list(reader, '3'))).not.toContain(second);
    expect(ids(await list(reader, '2'))).toContain(second);
    expect(ids(await list(reader, '2'))).not.toContain(first);
    const read = await list(reader, '3');
    expect(read.total).toBe(read.list.length);

    // Another reader has read nothing.
    expect(ids(await list(other, '2'))).toEqual(expect.arrayContaining([first, second]));

    // Administrators see how many readers each one has, and filter on it.
    const adminList = dataOf<Paged<{ id: number; readers: number }>>(
      await admin({ method: 'GET', url: '/api/admin/announcements?pageSize=100&read=3' }),
    );
    expect(adminList.list.find((a) => a.id === first)?.readers).toBe(1);
    expect(adminList.list.map((a) => a.id)).not.toContain(second);
    const unread = dataOf<Paged<{ id: number }>>(
      await admin({ method: 'GET', url: '/api/admin/announcements?pageSize=100&read=2' }),
    );
    expect(unread.list.map((a) => a.id)).toContain(second);
  });

  test('a draft is not counted as read; a filter other than 1, 2, 3 is a 400 in the caller\u2019s language', async () => {
    const draft = dataOf<{ id: number }>(
      await admin({
        method: 'POST',
        url: '/api/admin/announcements',
        payload: { titleZh: '草稿', contentZh: '<p>草稿</p>' },
      }),
    );
    const reader = as(t, (await loginAs(t, USER_TYPE.CUSTOMER)).token);
    expectErrorEnvelope(await reader({ method: 'GET', url: `/api/announcements/${draft.id}` }), 404);
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from announcement_reads where announcement_id = $1',
      [draft.id],
    );
    expect(row!.n).toBe(0);

    const zh = await reader({ method: 'GET', url: '/api/announcements?read=4' });
    expectErrorEnvelope(zh, 400);
    expect(zh.json().message).toContain('阅读筛选只能是');
    const en = await admin({ method: 'GET', url: '/api/admin/announcements?read=unread', locale: 'en-US' });
    expectErrorEnvelope(en, 400);
    expect(en.json().message).toContain('The read filter is 1 (all), 2 (unread) or 3 (read)');
  });
});
