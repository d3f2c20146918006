import { randomBytes } from 'node:crypto';
import { USER_TYPE } from '@jiema/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { encodeTronAddress } from '../../src/lib/tron-address';
import {
  ADMIN,
  auditEntriesOf,
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';

const BASE = '/api/admin/tron-addresses';
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

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

const newAddress = () => encodeTronAddress(randomBytes(20));
const count = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from tron_addresses'))[0]!.n;

async function create(input: Record<string, unknown> = {}) {
  const res = await api('POST', BASE, { payload: { address: newAddress(), label: 'pool', ...input } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; address: string; label: string; enabled: boolean };
}

describe('adding an address', () => {
  test('stores it, answers the record, and writes an audit row', async () => {
    const address = newAddress();
    const res = await api('POST', BASE, {
      payload: { address, label: '  Main pool 1 ', note: 'cold wallet' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      address,
      label: 'Main pool 1',
      note: 'cold wallet',
      enabled: true,
      assignedUserId: null,
      assignedUsername: null,
      assignedAt: null,
    });
    const [row] = await auditEntriesOf(t.db, 'tron_address', created.id);
    expect(row).toMatchObject({ action: 'create', actor_name: ADMIN.username, after: { address } });
  });

  test('accepts the address with spaces around it (trimmed)', async () => {
    const address = newAddress();
    const created = await create({ address: `  ${address}\n` });
    expect(created.address).toBe(address);
  });

  test('a duplicate address is refused with 409 and a clear message', async () => {
    const { address } = await create();
    const before = await count();
    const body = expectErrorEnvelope(await api('POST', BASE, { payload: { address, label: 'again' } }), 409);
    expect(body.error).toBe('TRON_ADDRESS_TAKEN');
    expect(body.message).toBe('该 TRON 地址已存在');
    const en = await api('POST', BASE, { payload: { address, label: 'again' }, locale: 'en-US' });
    expect(en.json().message).toBe('This TRON address already exists');
    expect(await count()).toBe(before);
  });

  test('a wrong checksum is refused as an invalid TRON address, in the caller language', async () => {
    const good = newAddress();
    const bad = good.slice(0, 20) + (good[20] === 'a' ? 'b' : 'a') + good.slice(21);
    const before = await count();
    const zh = expectErrorEnvelope(await api('POST', BASE, { payload: { address: bad, label: 'x' } }), 400);
    expect(zh.error).toBe('TRON_ADDRESS_INVALID');
    expect(zh.message).toContain('TRON 地址无效');
    const en = await api('POST', BASE, { payload: { address: bad, label: 'x' }, locale: 'en-US' });
    expect(en.json().message).toContain('Invalid TRON address');
    expect(await count()).toBe(before);
    expect(await auditEntriesOf(t.db, 'tron_address')).not.toContainEqual(
      expect.objectContaining({ after: expect.objectContaining({ address: bad }) }),
    );
  });

  const validAddress = 'TTRmEA73gpoxK2KRmhL7GtcYLh88VefYss';
  test.each([
    ['address missing', { label: 'x' }, 'address', 'TRON 地址为 34 位'],
    ['address not a string', { address: 42, label: 'x' }, 'address', 'TRON 地址为 34 位'],
    [
      'address too short',
      { address: 'TTRmEA73gpoxK2KRmhL7GtcYLh88VefYs', label: 'x' },
      'address',
      'TRON 地址为 34 位',
    ],
    [
      'address not starting with T',
      { address: `A${validAddress.slice(1)}`, label: 'x' },
      'address',
      '以 T 开头',
    ],
    [
      'address with 0 (not base58)',
      { address: `${validAddress.slice(0, 33)}0`, label: 'x' },
      'address',
      'Base58',
    ],
    ['address the USDT contract', { address: USDT_CONTRACT, label: 'x' }, 'address', 'USDT 合约地址'],
    ['label missing', { address: validAddress }, 'label', '请填写标签'],
    ['label blank', { address: validAddress, label: '   ' }, 'label', '请填写标签'],
    ['label too long', { address: validAddress, label: 'x'.repeat(65) }, 'label', '最多 64 个字符'],
    [
      'note too long',
      { address: validAddress, label: 'x', note: 'n'.repeat(501) },
      'note',
      '最多 500 个字符',
    ],
    ['enabled not a boolean', { address: validAddress, label: 'x', enabled: 'yes' }, 'enabled', ''],
  ])('%s: 400 naming the field, nothing stored', async (_, payload, field, text) => {
    const before = await count();
    const body = expectErrorEnvelope(await api('POST', BASE, { payload }), 400) as {
      error?: string;
      errors?: Array<{ path: string; message: string }>;
    };
    expect(body.error).toBe('VALIDATION_FAILED');
    const issue = body.errors?.find((e) => e.path === field);
    expect(issue, JSON.stringify(body)).toBeDefined();
    expect(issue!.message).toContain(text);
    expect(await count()).toBe(before);
  });

  test('validation messages follow the caller language', async () => {
    const res = await api('POST', BASE, { payload: { address: 'nope', label: '' }, locale: 'en-US' });
    const body = expectErrorEnvelope(res, 400) as { errors: Array<{ path: string; message: string }> };
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'address', message: expect.stringContaining('A TRON address has 34 characters') },
        { path: 'label', message: 'Please enter a label' },
      ]),
    );
  });

  test('a body that is not JSON is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...authed(adminToken), 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expectErrorEnvelope(res, 400);
  });
});

describe('listing and exporting', () => {
  let listed: Array<{ id: number; address: string }>;
  beforeAll(async () => {
    listed = [];
    for (const [label, enabled] of [
      ['alpha-list', true],
      ['beta-list', false],
      ['gamma-list', true],
    ] as const)
      listed.push(await create({ label, enabled }));
    const user = await createUser(t.db);
    await t.db.query('update tron_addresses set assigned_user_id = $2, assigned_at = now() where id = $1', [
      listed[2]!.id,
      user.userId,
    ]);
  });

  test('pages, and filters by keyword, enabled and assigned', async () => {
    const all = (await api('GET', `${BASE}?keyword=-list&pageSize=2`)).json().data;
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(all.list).toHaveLength(2);

    const disabled = (await api('GET', `${BASE}?keyword=-list&enabled=false`)).json().data;
    expect(disabled.list.map((r: { label: string }) => r.label)).toEqual(['beta-list']);

    const assigned = (await api('GET', `${BASE}?assigned=true`)).json().data;
    expect(assigned.list).toHaveLength(1);
    expect(assigned.list[0]).toMatchObject({ label: 'gamma-list', assignedUsername: expect.any(String) });
    expect(assigned.list[0].assignedAt).toEqual(expect.any(String));

    const byAddress = (await api('GET', `${BASE}?keyword=${listed[0]!.address.slice(3, 20)}`)).json().data;
    expect(byAddress.list.map((r: { id: number }) => r.id)).toEqual([listed[0]!.id]);
  });

  test('sorts by a whitelisted column; an unknown column falls back to the default order', async () => {
    const asc = (await api('GET', `${BASE}?keyword=-list&sortField=label&sortOrder=ascend`)).json().data;
    expect(asc.list.map((r: { label: string }) => r.label)).toEqual([
      'alpha-list',
      'beta-list',
      'gamma-list',
    ]);
    const odd = await api('GET', `${BASE}?keyword=-list&sortField=password_hash;drop&sortOrder=ascend`);
    expect(odd.statusCode).toBe(200);
  });

  test.each([['enabled=maybe'], ['assigned=1'], ['page=0'], ['pageSize=100000'], ['sortOrder=up']])(
    'a bad filter (%s) is a 400',
    async (qs) => {
      expectErrorEnvelope(await api('GET', `${BASE}?${qs}`), 400);
    },
  );

  test('a keyword with LIKE wildcards matches them literally', async () => {
    const res = (await api('GET', `${BASE}?keyword=%25_%25`)).json().data;
    expect(res.total).toBe(0);
  });

  test('exports the matching rows as CSV with headers in the caller language', async () => {
    const res = await api('GET', `${BASE}/export?keyword=-list`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('tron-addresses.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,地址,标签,备注,启用,分配用户,分配时间,创建时间,共享地址,累计到账');
    expect(lines).toHaveLength(4);
    expect(res.body).toContain(listed[1]!.address);

    const en = await api('GET', `${BASE}/export?enabled=false&keyword=beta-list`, { locale: 'en-US' });
    const enLines = en.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(enLines[0]).toBe(
      'ID,Address,Label,Note,Enabled,Assigned user,Assigned at,Created at,Shared,Received total',
    );
    expect(enLines).toHaveLength(2);
    expect(enLines[1]).toContain('beta-list');
  });
});

describe('editing, disabling and deleting', () => {
  test('edits the label, address and note; the audit row keeps before and after', async () => {
    const created = await create({ label: 'old' });
    const address = newAddress();
    const res = await api('PUT', `${BASE}/${created.id}`, {
      payload: { address, label: 'new', note: 'n', enabled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, address, label: 'new', note: 'n' });
    const [row] = await auditEntriesOf(t.db, 'tron_address', created.id);
    expect(row).toMatchObject({
      action: 'update',
      before: { label: 'old', address: created.address },
      after: { label: 'new', address },
    });
  });

  test('changing to an address another row has is a 409', async () => {
    const a = await create();
    const b = await create();
    const body = expectErrorEnvelope(
      await api('PUT', `${BASE}/${b.id}`, { payload: { address: a.address, label: 'x' } }),
      409,
    );
    expect(body.error).toBe('TRON_ADDRESS_TAKEN');
  });

  test('an edit with a bad checksum changes nothing', async () => {
    const a = await create({ label: 'keep' });
    const bad = `${a.address.slice(0, 33)}${a.address[33] === 'a' ? 'b' : 'a'}`;
    expectErrorEnvelope(
      await api('PUT', `${BASE}/${a.id}`, { payload: { address: bad, label: 'changed' } }),
      400,
    );
    const [row] = await t.db.query<{ label: string; address: string }>(
      'select label, address from tron_addresses where id = $1',
      [a.id],
    );
    expect(row).toEqual({ label: 'keep', address: a.address });
  });

  test('an assigned address keeps its address but may be relabelled and disabled; it cannot be deleted', async () => {
    const a = await create({ label: 'assigned' });
    const user = await createUser(t.db);
    await t.db.query('update tron_addresses set assigned_user_id = $2, assigned_at = now() where id = $1', [
      a.id,
      user.userId,
    ]);
    const moved = await api('PUT', `${BASE}/${a.id}`, { payload: { address: newAddress(), label: 'x' } });
    expect(expectErrorEnvelope(moved, 409).error).toBe('TRON_ADDRESS_ASSIGNED');
    const relabelled = await api('PUT', `${BASE}/${a.id}`, {
      payload: { address: a.address, label: 'relabelled' },
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect(relabelled.json().data).toMatchObject({ label: 'relabelled', assignedUsername: user.username });
    const disabled = await api('PUT', `${BASE}/${a.id}/enabled`, { payload: { enabled: false } });
    expect(disabled.json().data.enabled).toBe(false);
    expect(expectErrorEnvelope(await api('DELETE', `${BASE}/${a.id}`), 409).error).toBe(
      'TRON_ADDRESS_ASSIGNED',
    );
    expect((await t.db.query('select 1 from tron_addresses where id = $1', [a.id])).length).toBe(1);
  });

  test('disable and enable are audit-logged as such', async () => {
    const a = await create();
    expect(
      (await api('PUT', `${BASE}/${a.id}/enabled`, { payload: { enabled: false } })).json().data.enabled,
    ).toBe(false);
    expect(
      (await api('PUT', `${BASE}/${a.id}/enabled`, { payload: { enabled: true } })).json().data.enabled,
    ).toBe(true);
    const rows = await auditEntriesOf(t.db, 'tron_address', a.id);
    expect(rows.map((r) => r.action)).toEqual(['enable', 'disable', 'create']);
    expectErrorEnvelope(await api('PUT', `${BASE}/${a.id}/enabled`, { payload: { enabled: 'no' } }), 400);
    expectErrorEnvelope(await api('PUT', `${BASE}/${a.id}/enabled`, { payload: {} }), 400);
  });

  test('deletes an unassigned address, with an audit row', async () => {
    const a = await create();
    const res = await api('DELETE', `${BASE}/${a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db.query('select 1 from tron_addresses where id = $1', [a.id])).length).toBe(0);
    const [row] = await auditEntriesOf(t.db, 'tron_address', a.id);
    expect(row).toMatchObject({ action: 'delete', before: { address: a.address }, after: null });
  });

  test.each([
    ['PUT', '/999999', { address: 'TTRmEA73gpoxK2KRmhL7GtcYLh88VefYss', label: 'x' }],
    ['PUT', '/999999/enabled', { enabled: true }],
    ['DELETE', '/999999', undefined],
  ] as const)('%s %s on a missing id: 404', async (method, path, payload) => {
    const body = expectErrorEnvelope(await api(method, `${BASE}${path}`, { payload }), 404);
    expect(body.error).toBe('TRON_ADDRESS_NOT_FOUND');
  });

  test.each(['abc', '0', '-1', '1.5', '99999999999'])('an id of %s is a 400', async (id) => {
    expectErrorEnvelope(await api('DELETE', `${BASE}/${id}`), 400);
  });
});

describe('permissions', () => {
  const routes: Array<[HTTPMethods, string, unknown?]> = [
    ['GET', BASE],
    ['GET', `${BASE}/export`],
    ['POST', BASE, { address: 'TTRmEA73gpoxK2KRmhL7GtcYLh88VefYss', label: 'x' }],
    ['PUT', `${BASE}/1`, { address: 'TTRmEA73gpoxK2KRmhL7GtcYLh88VefYss', label: 'x' }],
    ['PUT', `${BASE}/1/enabled`, { enabled: false }],
    ['DELETE', `${BASE}/1`],
  ];

  test.each([USER_TYPE.CUSTOMER, USER_TYPE.AGENT])(
    'user type %s gets 403 on every admin route',
    async (type) => {
      const { token } = await loginAs(t, type);
      const before = await count();
      for (const [method, url, payload] of routes) {
        expectErrorEnvelope(await api(method, url, { payload, token }), 403);
      }
      expect(await count()).toBe(before);
    },
  );

  test('without a login: 401', async () => {
    for (const [method, url, payload] of routes)
      expectErrorEnvelope(await api(method, url, { payload, token: null }), 401);
  });

  test('an agent granted admin:tron:list may list but not add', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    await setUserPermission(t.db, agent.userId, 'admin:tron:list', 'grant');
    expect((await api('GET', BASE, { token: agent.token })).statusCode).toBe(200);
    expectErrorEnvelope(
      await api('POST', BASE, { token: agent.token, payload: { address: newAddress(), label: 'x' } }),
      403,
    );
  });
});
