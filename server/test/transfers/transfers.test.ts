import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, createTestApp, createUser, expectErrorEnvelope, login, type TestApp } from '../helpers';
import {
  addNumbers,
  as,
  buyer,
  dataOf,
  expectLedgerConsistent,
  expectNoDoubleHolding,
  purchaseBody,
  receiveSms,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import { buyRentals, codeLink, type OrderView, rentalRows, transfer } from './transfer-helpers';

type MyTransfer = {
  id: number;
  direction: 'sent' | 'received';
  counterpartUsername: string;
  fromUsername: string;
  toUsername: string;
  count: number;
  note: string;
  items: { rentalId: number; phoneNumber: string; applicationCode: string }[];
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
  await expectLedgerConsistent(t.db);
  await expectNoDoubleHolding(t.db);
  await t.close();
});

describe('a transfer', () => {
  test('moves ownership with new tokens; the old links die; both sides and the administrators see it', async () => {
    const a = await buyer(t);
    const b = await buyer(t, '0');
    const { order, ids } = await buyRentals(t, world, a, 3);
    await receiveSms(t.db, ids[0]!, 'code 111222', '111222');
    const before = await rentalRows(t, ids);
    const moved = [ids[0]!, ids[2]!];

    const sent = dataOf<MyTransfer>(
      await transfer(a, {
        username: b.username.toUpperCase(),
        rentalIds: [moved[1], moved[0]],
        note: 'client X',
      }),
    );
    expect(sent).toMatchObject({
      direction: 'sent',
      counterpartUsername: b.username,
      count: 2,
      note: 'client X',
    });
    expect(sent.items.map((i) => i.rentalId)).toEqual(moved);
    expect(sent.items[0]!.applicationCode).toBe(world.appCode);

    const after = await rentalRows(t, ids);
    expect(after.map((r) => r.user_id)).toEqual([b.userId, a.userId, b.userId]);
    for (const i of [0, 2]) {
      expect(after[i]!.token).not.toBe(before[i]!.token);
      expectErrorEnvelope(await codeLink(t, before[i]!.token), 404, 404);
      expect(
        dataOf<{ items: { code: string | null }[] }>(await codeLink(t, after[i]!.token)).items,
      ).toHaveLength(1);
    }
    expect(after[1]!.token).toBe(before[1]!.token);
    expect(
      dataOf<{ items: { code: string | null }[] }>(await codeLink(t, after[0]!.token)).items[0]!.code,
    ).toBe('111222');

    // The old owner's order link, order details and list keep only what they still own.
    const orderLink = dataOf<{ items: { phoneNumber: string }[] }>(await codeLink(t, order.token));
    expect(orderLink.items).toHaveLength(1);
    const detail = dataOf<OrderView>(await a.call({ method: 'GET', url: `/api/orders/${order.id}` }));
    expect(detail.phones.map((p) => p.rentalId)).toEqual([ids[1]]);
    expect(dataOf<{ total: number }>(await a.call({ method: 'GET', url: '/api/rentals' })).total).toBe(1);
    const theirs = dataOf<{ list: { id: number }[] }>(await b.call({ method: 'GET', url: '/api/rentals' }));
    expect(theirs.list.map((r) => r.id).sort()).toEqual([...moved].sort());
    expectErrorEnvelope(await a.call({ method: 'GET', url: `/api/rentals/${moved[0]}` }), 404);

    const received = dataOf<{ list: MyTransfer[] }>(await b.call({ method: 'GET', url: '/api/transfers' }));
    expect(received.list).toHaveLength(1);
    expect(received.list[0]).toMatchObject({
      id: sent.id,
      direction: 'received',
      counterpartUsername: a.username,
    });
    const mine = dataOf<{ list: MyTransfer[] }>(
      await a.call({ method: 'GET', url: `/api/transfers?direction=sent&username=${b.username.slice(2)}` }),
    );
    expect(mine.list.map((x) => x.id)).toEqual([sent.id]);
    const none = dataOf<{ total: number }>(
      await a.call({ method: 'GET', url: '/api/transfers?direction=received' }),
    );
    expect(none.total).toBe(0);

    const all = dataOf<{ list: MyTransfer[] }>(
      await admin({ method: 'GET', url: `/api/admin/transfers?username=${a.username}` }),
    );
    expect(all.list.map((x) => x.id)).toEqual([sent.id]);
    const csv = await admin({ method: 'GET', url: `/api/admin/transfers/export?username=${b.username}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,from_username,to_username,count,numbers,note');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${a.username},${b.username},2,`);

    // The receiver can move them on.
    const c = await buyer(t, '0');
    dataOf(await transfer(b, { username: c.username, rentalIds: [moved[0]] }));
    expect((await rentalRows(t, [moved[0]!]))[0]!.user_id).toBe(c.userId);
  });

  test('a retry with the same key returns the same transfer; another request under that key is refused', async () => {
    const a = await buyer(t);
    const b = await buyer(t, '0');
    const { ids } = await buyRentals(t, world, a, 2);
    const key = 'transfer-key-0001';
    const first = dataOf<MyTransfer>(await transfer(a, { username: b.username, rentalIds: ids }, { key }));
    const again = dataOf<MyTransfer>(
      await transfer(a, { username: b.username, rentalIds: [...ids].reverse() }, { key }),
    );
    expect(again.id).toBe(first.id);
    const viaBody = dataOf<MyTransfer>(
      await transfer(a, { username: b.username, rentalIds: ids, idempotencyKey: key }),
    );
    expect(viaBody.id).toBe(first.id);
    const res = await transfer(a, { username: b.username, rentalIds: [ids[0]] }, { key, locale: 'en-US' });
    expect(expectErrorEnvelope(res, 409).message).toBe(
      'This idempotency key was already used for a different transfer',
    );
    const [{ n }] = (await t.db.query<{ n: number }>(
      'select count(*)::int as n from api_transfers where from_user_id = $1',
      [a.userId],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  test('two transfers of the same rental at once: exactly one wins and the rental has one owner', async () => {
    const a = await buyer(t);
    const b = await buyer(t, '0');
    const c = await buyer(t, '0');
    const { ids } = await buyRentals(t, world, a, 2);
    const results = await Promise.all([
      transfer(a, { username: b.username, rentalIds: ids }),
      transfer(a, { username: c.username, rentalIds: [...ids].reverse() }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 404]);
    const winner = results[0]!.statusCode === 200 ? b : c;
    expect((await rentalRows(t, ids)).map((r) => r.user_id)).toEqual([winner.userId, winner.userId]);
    const [{ n }] = (await t.db.query<{ n: number }>(
      'select count(*)::int as n from api_transfer_items where rental_id = any($1::int[])',
      [ids],
    )) as [{ n: number }];
    expect(n).toBe(2);
  });
});

describe('refused transfers change nothing', () => {
  test('self, unknown or disabled receiver, suspended, ended or foreign rentals, bad input', async () => {
    const a = await buyer(t);
    const other = await buyer(t);
    const { ids } = await buyRentals(t, world, a, 3);
    const { ids: foreign } = await buyRentals(t, world, other, 1);
    await addNumbers(t.db, { count: 1 });
    const activationOrder = dataOf<OrderView>(
      await a.call({
        method: 'POST',
        url: '/api/store/orders',
        payload: purchaseBody(world, { validityOptionId: world.activationId }),
      }),
    );
    const activation = activationOrder.phones[0]!.rentalId;
    const disabled = await createUser(t.db, { enabled: false });
    const b = await buyer(t, '0');
    await admin({ method: 'POST', url: `/api/admin/rentals/${ids[1]}/suspend` });
    await t.db.query(`update rentals set status = 'finished', ended_at = now() where id = $1`, [ids[2]]);
    const [rental] = await rentalRows(t, [ids[1]!]);
    const number = (
      await t.db.query<{ phone_number: string }>('select phone_number from rentals where id = $1', [ids[1]])
    )[0]!.phone_number;
    const before = await rentalRows(t, [...ids, ...foreign, activation]);

    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { username: a.username, rentalIds: [ids[0]] },
        400,
        '不能把号码转让给自己',
        'Numbers cannot be transferred to yourself',
      ],
      [
        { username: 'nobody_here_x', rentalIds: [ids[0]] },
        400,
        '接收方用户不存在，请检查用户名',
        'The receiving user does not exist, please check the username',
      ],
      [
        { username: disabled.username, rentalIds: [ids[0]] },
        400,
        '接收方账号已被禁用，不能接收转让',
        'The receiving account is disabled and cannot receive a transfer',
      ],
      [
        { username: b.username, rentalIds: [ids[0], ids[1]] },
        409,
        `号码 ${number} 已被管理员封停，不能转让`,
        `The number ${number} was suspended by an administrator and cannot be transferred`,
      ],
      [{ username: b.username, rentalIds: [ids[2]] }, 409, '已结束', 'has ended'],
      [
        { username: b.username, rentalIds: [ids[0], activation] },
        409,
        '是按次激活，只能转让按天租用的号码',
        'is an activation; only day rentals can be transferred',
      ],
      [
        { username: b.username, rentalIds: [ids[0], foreign[0]] },
        404,
        '号码不存在',
        'The number does not exist',
      ],
      [{ username: b.username, rentalIds: [2_000_000_000] }, 404, '号码不存在', 'The number does not exist'],
      [
        { username: b.username, rentalIds: [] },
        400,
        '请至少选择一个号码',
        'Please choose at least one number',
      ],
      [{ username: b.username, rentalIds: [ids[0], ids[0]] }, 400, '不能重复选择', 'cannot be chosen twice'],
      [
        { username: b.username, rentalIds: ['x', -1] },
        400,
        '请选择有效的号码',
        'Please choose valid numbers',
      ],
      [
        { username: '', rentalIds: [ids[0]] },
        400,
        '请输入接收方用户名',
        "Please enter the receiver's username",
      ],
      [
        { username: b.username, rentalIds: Array.from({ length: 201 }, (_, i) => i + 1) },
        400,
        '一次最多选择 200 个号码',
        'At most 200 numbers can be chosen at once',
      ],
    ];
    for (const [payload, status, zh, en] of cases) {
      expect(expectErrorEnvelope(await transfer(a, payload), status).message).toContain(zh);
      expect(expectErrorEnvelope(await transfer(a, payload, { locale: 'en-US' }), status).message).toContain(
        en,
      );
    }
    expect(await rentalRows(t, [...ids, ...foreign, activation])).toEqual(before);
    expect(rental!.status).toBe('suspended');
    const [{ n }] = (await t.db.query<{ n: number }>(
      'select count(*)::int as n from api_transfers where from_user_id = $1',
      [a.userId],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  test('permissions: an agent without api:transfer and a customer on the admin records get 403', async () => {
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const agentCall = as(t, await login(t, agent.username, agent.password));
    expectErrorEnvelope(await agentCall({ method: 'GET', url: '/api/transfers' }), 403);
    expectErrorEnvelope(await agentCall({ method: 'POST', url: '/api/transfers', payload: {} }), 403);
    const customer = await buyer(t, '0');
    expectErrorEnvelope(await customer.call({ method: 'GET', url: '/api/admin/transfers' }), 403);
    expectErrorEnvelope(await customer.call({ method: 'GET', url: '/api/admin/transfers/export' }), 403);
  });

  test('the picker lists only my open rentals, searchable by number and application', async () => {
    const a = await buyer(t);
    const { ids } = await buyRentals(t, world, a, 2);
    await a.call({ method: 'POST', url: `/api/rentals/${ids[1]}/pause` });
    const all = dataOf<{ id: number; status: string }[]>(
      await a.call({ method: 'GET', url: '/api/transfers/rentals' }),
    );
    expect(all.map((r) => r.id).sort()).toEqual([...ids].sort());
    const [one] = await t.db.query<{ phone_number: string }>(
      'select phone_number from rentals where id = $1',
      [ids[0]],
    );
    const byNumber = dataOf<{ id: number }[]>(
      await a.call({
        method: 'GET',
        url: `/api/transfers/rentals?keyword=${encodeURIComponent(one!.phone_number.slice(-6))}`,
      }),
    );
    expect(byNumber.map((r) => r.id)).toEqual([ids[0]]);
    const byApp = dataOf<{ id: number }[]>(
      await a.call({ method: 'GET', url: `/api/transfers/rentals?keyword=${world.appCode.toUpperCase()}` }),
    );
    expect(byApp).toHaveLength(2);
  });

  test('says how many open numbers the picker leaves out and why: activations, suspended rentals', async () => {
    const a = await buyer(t);
    const { ids } = await buyRentals(t, world, a, 2);
    await addNumbers(t.db, { count: 2 });
    const activations = await a.call({
      method: 'POST',
      url: '/api/store/orders',
      payload: purchaseBody(world, { quantity: 2 }),
    });
    expect(activations.statusCode, activations.body).toBe(200);
    await t.db.query(`update rentals set status = 'suspended' where id = $1`, [ids[1]]);
    const counts = dataOf<{ activations: number; suspended: number }>(
      await a.call({ method: 'GET', url: '/api/transfers/untransferable' }),
    );
    expect(counts).toEqual({ activations: 2, suspended: 1 });
    const offered = dataOf<{ id: number }[]>(await a.call({ method: 'GET', url: '/api/transfers/rentals' }));
    expect(offered.map((r) => r.id)).toEqual([ids[0]]);
    const other = await buyer(t);
    expect(dataOf(await other.call({ method: 'GET', url: '/api/transfers/untransferable' }))).toEqual({
      activations: 0,
      suspended: 0,
    });
  });
});
