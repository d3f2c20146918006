import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, createTestApp, createUser, expectErrorEnvelope, login, type TestApp } from '../helpers';
import {
  as,
  buyer,
  dataOf,
  expectNoDoubleHolding,
  receiveSms,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import { buyRentals, codeLink, transfer } from '../transfers/transfer-helpers';

type Group = {
  id: number;
  name: string;
  token: string;
  memberCount: number;
  members: { rentalId: number; phoneNumber: string; latestCode: string | null }[];
};
type CodeAnswer = {
  kind: string;
  orderNo: string | null;
  groupName?: string;
  items: { phoneNumber: string; code: string | null; status: string }[];
};

let t: TestApp;
let world: StoreWorld;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db);
  admin = as(t, await login(t, ADMIN.username, ADMIN.password));
});
afterAll(async () => {
  if (!t) return;
  await expectNoDoubleHolding(t.db);
  await t.close();
});

const create = (b: { call: ReturnType<typeof as> }, payload: Record<string, unknown>, locale?: 'en-US') =>
  b.call({ method: 'POST', url: '/api/rental-groups', payload, locale });

describe('group links', () => {
  test('create, list, see, edit, regenerate and revoke; the token works on the public code link', async () => {
    const a = await buyer(t);
    const { ids } = await buyRentals(t, world, a, 3);
    await receiveSms(t.db, ids[0]!, 'code 424242', '424242');
    await receiveSms(t.db, ids[1]!, 'code 515151', '515151');

    const group = dataOf<Group>(await create(a, { name: '  Client A  ', rentalIds: [ids[1], ids[0]] }));
    expect(group).toMatchObject({ name: 'Client A', memberCount: 2 });
    expect(group.members.map((m) => m.rentalId)).toEqual([ids[0], ids[1]]);
    expect(group.members[0]!.latestCode).toBe('424242');

    const list = dataOf<{ total: number; list: Group[] }>(
      await a.call({ method: 'GET', url: '/api/rental-groups' }),
    );
    expect(list.list).toEqual([
      expect.objectContaining({ id: group.id, memberCount: 2, token: group.token }),
    ]);

    const link = dataOf<CodeAnswer>(await codeLink(t, group.token));
    expect(link).toMatchObject({ kind: 'group', orderNo: null, groupName: 'Client A' });
    expect(link.items.map((i) => i.code)).toEqual(['424242', '515151']);

    // A paused member shows no code; a suspended one neither.
    await a.call({ method: 'POST', url: `/api/rentals/${ids[0]}/pause` });
    await admin({ method: 'POST', url: `/api/admin/rentals/${ids[1]}/suspend` });
    const hidden = dataOf<CodeAnswer>(await codeLink(t, group.token));
    expect(hidden.items.map((i) => [i.status, i.code])).toEqual([
      ['inactive', null],
      ['suspended', null],
    ]);
    await admin({ method: 'POST', url: `/api/admin/rentals/${ids[1]}/unsuspend` });

    // Edit: rename, drop one member and add another.
    const edited = dataOf<Group>(
      await a.call({
        method: 'PUT',
        url: `/api/rental-groups/${group.id}`,
        payload: { name: 'Client B', rentalIds: [ids[1], ids[2]] },
      }),
    );
    expect(edited).toMatchObject({ name: 'Client B', memberCount: 2, token: group.token });
    expect(edited.members.map((m) => m.rentalId)).toEqual([ids[1], ids[2]]);
    expect(dataOf<CodeAnswer>(await codeLink(t, group.token)).items.map((i) => i.code)).toEqual([
      '515151',
      null,
    ]);
    const renamed = dataOf<Group>(
      await a.call({ method: 'PUT', url: `/api/rental-groups/${group.id}`, payload: { name: 'Client C' } }),
    );
    expect(renamed.members).toHaveLength(2);
    expect(dataOf<Group>(await a.call({ method: 'GET', url: `/api/rental-groups/${group.id}` })).name).toBe(
      'Client C',
    );

    // Regenerate: the old token is gone, the new one answers.
    const fresh = dataOf<Group>(
      await a.call({ method: 'POST', url: `/api/rental-groups/${group.id}/token` }),
    );
    expect(fresh.token).not.toBe(group.token);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/code/${group.token}`,
      headers: { 'x-locale': 'en-US' },
    });
    expect(expectErrorEnvelope(gone, 404).message).toBe('This code link is not valid');
    expect(dataOf<CodeAnswer>(await codeLink(t, fresh.token)).items).toHaveLength(2);

    // Revoke.
    dataOf(await a.call({ method: 'DELETE', url: `/api/rental-groups/${group.id}` }));
    expect(expectErrorEnvelope(await codeLink(t, fresh.token), 404).message).toBe('取码链接无效');
    expectErrorEnvelope(await a.call({ method: 'DELETE', url: `/api/rental-groups/${group.id}` }), 404);
    expectErrorEnvelope(await a.call({ method: 'GET', url: `/api/rental-groups/${group.id}` }), 404);
    expect(dataOf<{ total: number }>(await a.call({ method: 'GET', url: '/api/rental-groups' })).total).toBe(
      0,
    );
    // The rentals are untouched.
    expect(dataOf<{ total: number }>(await a.call({ method: 'GET', url: '/api/rentals' })).total).toBe(3);
  });

  test('a transferred member leaves the group link and the previous owner sees it no more', async () => {
    const a = await buyer(t);
    const b = await buyer(t, '0');
    const { ids } = await buyRentals(t, world, a, 2);
    const group = dataOf<Group>(await create(a, { name: 'resale', rentalIds: ids }));
    dataOf(await transfer(a, { username: b.username, rentalIds: [ids[0]] }));
    const link = dataOf<CodeAnswer>(await codeLink(t, group.token));
    expect(link.items).toHaveLength(1);
    const detail = dataOf<Group>(await a.call({ method: 'GET', url: `/api/rental-groups/${group.id}` }));
    expect(detail.members.map((m) => m.rentalId)).toEqual([ids[1]]);
    expect(detail.memberCount).toBe(1);
    const [{ n }] = (await t.db.query<{ n: number }>(
      'select count(*)::int as n from rental_group_members where rental_id = $1',
      [ids[0]],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  test("another user's rental cannot be added, nor their group seen or changed (404)", async () => {
    const a = await buyer(t);
    const other = await buyer(t);
    const { ids } = await buyRentals(t, world, a, 1);
    const { ids: foreign } = await buyRentals(t, world, other, 1);
    const res = await create(a, { name: 'x', rentalIds: [ids[0], foreign[0]] }, 'en-US');
    expect(expectErrorEnvelope(res, 404).message).toBe('The number does not exist');
    const theirs = dataOf<Group>(await create(other, { name: 'theirs', rentalIds: foreign }));
    const mine = dataOf<Group>(await create(a, { name: 'mine', rentalIds: ids }));
    expectErrorEnvelope(
      await a.call({ method: 'PUT', url: `/api/rental-groups/${mine.id}`, payload: { rentalIds: foreign } }),
      404,
    );
    for (const [method, url] of [
      ['GET', `/api/rental-groups/${theirs.id}`],
      ['POST', `/api/rental-groups/${theirs.id}/token`],
      ['DELETE', `/api/rental-groups/${theirs.id}`],
    ] as const) {
      expect(expectErrorEnvelope(await a.call({ method, url, locale: 'en-US' }), 404).message).toBe(
        'The group does not exist',
      );
    }
    expectErrorEnvelope(
      await a.call({ method: 'PUT', url: `/api/rental-groups/${theirs.id}`, payload: { name: 'stolen' } }),
      404,
    );
    expect(dataOf<CodeAnswer>(await codeLink(t, theirs.token)).groupName).toBe('theirs');
    expect(
      dataOf<Group>(await a.call({ method: 'GET', url: `/api/rental-groups/${mine.id}` })).members,
    ).toHaveLength(1);
  });

  test('bad input: 400 with messages in both languages, nothing written', async () => {
    const a = await buyer(t);
    const { ids } = await buyRentals(t, world, a, 1);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { name: '', rentalIds: ids },
        '分组名称为 1 到 64 个字符',
        'The group name must be 1 to 64 characters',
      ],
      [
        { name: 'x'.repeat(65), rentalIds: ids },
        '分组名称为 1 到 64 个字符',
        'The group name must be 1 to 64 characters',
      ],
      [{ name: 'ok', rentalIds: [] }, '请至少选择一个号码', 'Please choose at least one number'],
      [{ name: 'ok' }, '请至少选择一个号码', 'Please choose at least one number'],
      [{ name: 'ok', rentalIds: [ids[0], ids[0]] }, '不能重复选择', 'cannot be chosen twice'],
    ];
    for (const [payload, zh, en] of cases) {
      expect(expectErrorEnvelope(await create(a, payload), 400).message).toContain(zh);
      expect(expectErrorEnvelope(await create(a, payload, 'en-US'), 400).message).toContain(en);
    }
    expect(dataOf<{ total: number }>(await a.call({ method: 'GET', url: '/api/rental-groups' })).total).toBe(
      0,
    );
  });

  test('permissions: an agent without api:manage gets 403', async () => {
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const call = as(t, await login(t, agent.username, agent.password));
    expectErrorEnvelope(await call({ method: 'GET', url: '/api/rental-groups' }), 403);
    expectErrorEnvelope(await call({ method: 'POST', url: '/api/rental-groups', payload: {} }), 403);
    expectErrorEnvelope(await call({ method: 'GET', url: '/api/rental-groups/rentals' }), 403);
  });
});
