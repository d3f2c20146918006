import { USER_TYPE } from '@jiema/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { approvedTemplateOf } from '../../src/modules/sms-templates/sms-templates.service';
import {
  ADMIN,
  auditEntriesOf,
  authed,
  createSession,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  serversSharingDatabase,
  setUserPermission,
  type TestApp,
} from '../helpers';

const OWN = '/api/sms/templates';
const REVIEW = '/api/admin/sms/templates';

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

/** A customer granted only `sms:template`: manages their own templates, reviews nothing. */
async function templateAuthor() {
  const user = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });
  await setUserPermission(t.db, user.userId, 'sms:template', 'grant');
  return { ...user, token: await createSession(t.db, user.userId) };
}

const sample = { name: 'Verification', content: 'Hi {name}, your code is {code}. {code} expires in 5 min.' };

async function create(token: string, input: Record<string, unknown> = {}) {
  const res = await api('POST', OWN, { token, payload: { ...sample, ...input } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; status: string; variables: string[]; userId: number };
}

const statusOf = async (id: number) =>
  (await t.db.query<{ status: string }>('select status from sms_templates where id = $1', [id]))[0]?.status;

describe('own templates', () => {
  test('a new template waits for review, its variables listed once each, audit-logged', async () => {
    const author = await templateAuthor();
    const created = await create(author.token);
    expect(created).toMatchObject({
      status: 'pending',
      variables: ['name', 'code'],
      userId: author.userId,
      username: author.username,
      rejectReason: null,
      reviewedBy: null,
    });
    const [entry] = await auditEntriesOf(t.db, 'sms_template', created.id);
    expect(entry).toMatchObject({ action: 'create', actor_name: author.username });
  });

  test('lists only the caller’s own templates, filtered by status and keyword', async () => {
    const a = await templateAuthor();
    const b = await templateAuthor();
    const mine = await create(a.token, { name: 'Mine promo' });
    await create(b.token, { name: 'Theirs promo' });
    const res = await api('GET', `${OWN}?keyword=promo`, { token: a.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    const approvedOnly = await api('GET', `${OWN}?status=approved`, { token: a.token });
    expect(approvedOnly.json().data.total).toBe(0);
  });

  test('someone else’s template is not found: read, edit, delete all 404 and change nothing', async () => {
    const owner = await templateAuthor();
    const other = await templateAuthor();
    const theirs = await create(owner.token);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', sample],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(method, `${OWN}/${theirs.id}`, { token: other.token, payload });
      const body = expectErrorEnvelope(res, 404);
      expect(body.message).toBe('短信模板不存在');
    }
    const row = (
      await t.db.query<{ name: string }>('select name from sms_templates where id = $1', [theirs.id])
    )[0];
    expect(row?.name).toBe(sample.name);
  });

  test('an edit sends an approved template back to pending and clears the verdict', async () => {
    const author = await templateAuthor();
    const created = await create(author.token);
    expect((await api('POST', `${REVIEW}/${created.id}/approve`)).statusCode).toBe(200);
    expect(await statusOf(created.id)).toBe('approved');
    const res = await api('PUT', `${OWN}/${created.id}`, {
      token: author.token,
      payload: { name: 'Changed', content: 'New text for {name}' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'pending',
      name: 'Changed',
      variables: ['name'],
      reviewedBy: null,
      reviewedAt: null,
    });
  });

  test('deletes its own template', async () => {
    const author = await templateAuthor();
    const created = await create(author.token);
    expect((await api('DELETE', `${OWN}/${created.id}`, { token: author.token })).statusCode).toBe(200);
    expect(await statusOf(created.id)).toBeUndefined();
    expect((await auditEntriesOf(t.db, 'sms_template', created.id))[0]?.action).toBe('delete');
  });
});

describe('validation: a clear message in the caller’s language, nothing stored', () => {
  test.each([
    ['name missing', { content: 'x' }, 'name', '请填写模板名称', 'Please enter the template name'],
    ['name blank', { name: '   ', content: 'x' }, 'name', '请填写模板名称', 'Please enter the template name'],
    ['name too long', { name: 'n'.repeat(65), content: 'x' }, 'name', '最多 64 个字符', 'at most 64'],
    ['content missing', { name: 'a' }, 'content', '请填写短信内容', 'Please enter the message content'],
    ['content blank', { name: 'a', content: ' \n ' }, 'content', '请填写短信内容', 'message content'],
    ['content too long', { name: 'a', content: 'c'.repeat(1001) }, 'content', '最多 1000', 'at most 1000'],
    [
      'too many variables',
      { name: 'a', content: Array.from({ length: 21 }, (_, i) => `{v${i}}`).join(' ') },
      'content',
      '最多 20 个变量',
      'at most 20 variables',
    ],
    ['content a number', { name: 'a', content: 5 }, 'content', '请填写短信内容', 'message content'],
  ])('%s', async (_, payload, field, zh, en) => {
    const author = await templateAuthor();
    for (const [locale, text] of [
      ['zh-CN', zh],
      ['en-US', en],
    ] as const) {
      const res = await api('POST', OWN, { token: author.token, payload, locale });
      const body = expectErrorEnvelope(res, 400);
      expect(body.message).toContain(text);
      expect(JSON.stringify(body)).toContain(field);
    }
    const rows = await t.db.query('select 1 from sms_templates where user_id = $1', [author.userId]);
    expect(rows).toHaveLength(0);
  });

  test('a reject without a reason is refused and the template stays pending', async () => {
    const author = await templateAuthor();
    const created = await create(author.token);
    for (const payload of [{}, { reason: '  ' }, { reason: 'r'.repeat(201) }]) {
      expectErrorEnvelope(await api('POST', `${REVIEW}/${created.id}/reject`, { payload }), 400);
    }
    expect(await statusOf(created.id)).toBe('pending');
  });

  test.each(['0', '-1', 'abc', '1.5', '99999999999999999999'])('id %s is a 400, not a 500', async (id) => {
    expectErrorEnvelope(await api('GET', `${OWN}/${id}`), 400);
    expectErrorEnvelope(await api('POST', `${REVIEW}/${id}/approve`), 400);
  });
});

describe('permissions', () => {
  test('without a login every route is a 401', async () => {
    for (const [method, url] of [
      ['GET', OWN],
      ['POST', OWN],
      ['GET', REVIEW],
      ['POST', `${REVIEW}/1/approve`],
    ] as const) {
      expectErrorEnvelope(await api(method, url, { token: null }), 401);
    }
  });

  test('a customer without sms:template gets 403 on templates; an author cannot review', async () => {
    const customer = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });
    const token = await createSession(t.db, customer.userId);
    const res = await api('POST', OWN, { token, payload: sample });
    expect(expectErrorEnvelope(res, 403).message).toBe('没有权限访问该资源');

    const author = await templateAuthor();
    const created = await create(author.token);
    expectErrorEnvelope(await api('GET', REVIEW, { token: author.token }), 403);
    expectErrorEnvelope(await api('POST', `${REVIEW}/${created.id}/approve`, { token: author.token }), 403);
    expectErrorEnvelope(
      await api('POST', `${REVIEW}/${created.id}/reject`, { token: author.token, payload: { reason: 'no' } }),
      403,
    );
    expect(await statusOf(created.id)).toBe('pending');
  });

  test('a non-administrator granted the review permission reviews anyone’s template', async () => {
    const reviewer = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });
    await setUserPermission(t.db, reviewer.userId, 'admin:sms-template:review', 'grant');
    const reviewerToken = await createSession(t.db, reviewer.userId);
    const author = await templateAuthor();
    const created = await create(author.token);
    const res = await api('POST', `${REVIEW}/${created.id}/approve`, { token: reviewerToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', reviewedBy: reviewer.username });
  });

  test('an administrator (type 1) reaches the review list without any grant', async () => {
    // Spec §6: type 1 passes every permission check; the server follows the same rule as the menu.
    const admin = await createUser(t.db, { userType: USER_TYPE.ADMIN });
    const token = await createSession(t.db, admin.userId);
    expect((await api('GET', REVIEW, { token })).statusCode).toBe(200);
  });
});

describe('review', () => {
  test('approve: reviewer and time recorded, audit row with before and after', async () => {
    const author = await templateAuthor();
    const created = await create(author.token);
    const res = await api('POST', `${REVIEW}/${created.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', reviewedBy: ADMIN.username });
    expect(res.json().data.reviewedAt).toEqual(expect.any(String));
    const [entry] = await auditEntriesOf(t.db, 'sms_template', created.id);
    expect(entry).toMatchObject({
      action: 'approve',
      actor_name: ADMIN.username,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
  });

  test('reject: the owner sees the reason; reviewing again is a 409 in both languages', async () => {
    const author = await templateAuthor();
    const created = await create(author.token);
    const res = await api('POST', `${REVIEW}/${created.id}/reject`, { payload: { reason: '含有违规链接' } });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await api('GET', `${OWN}/${created.id}`, { token: author.token });
    expect(seen.json().data).toMatchObject({ status: 'rejected', rejectReason: '含有违规链接' });
    expect(expectErrorEnvelope(await api('POST', `${REVIEW}/${created.id}/approve`), 409).message).toContain(
      '已审核',
    );
    const en = await api('POST', `${REVIEW}/${created.id}/approve`, { locale: 'en-US' });
    expect(expectErrorEnvelope(en, 409).message).toContain('already been reviewed');
    expect(await statusOf(created.id)).toBe('rejected');
  });

  test('a rejected template edited goes back to review and can then be approved', async () => {
    const author = await templateAuthor();
    const created = await create(author.token);
    await api('POST', `${REVIEW}/${created.id}/reject`, { payload: { reason: 'too vague' } });
    await api('PUT', `${OWN}/${created.id}`, { token: author.token, payload: sample });
    expect((await api('POST', `${REVIEW}/${created.id}/approve`)).statusCode).toBe(200);
  });

  test('the review list shows every user’s templates, filtered by owner and status', async () => {
    const author = await templateAuthor();
    const created = await create(author.token);
    const res = await api('GET', `${REVIEW}?username=${author.username}&status=pending`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list.map((x: { id: number }) => x.id)).toEqual([created.id]);
  });

  test('approve and reject arriving at once (on every server): exactly one verdict wins', async () => {
    const author = await templateAuthor();
    const created = await create(author.token);
    const set = await serversSharingDatabase(t);
    try {
      const calls = Array.from({ length: 6 }, (_, i) => {
        const app = set.servers[i % set.servers.length]!;
        return app.inject({
          method: 'POST',
          url: `${REVIEW}/${created.id}/${i % 2 ? 'reject' : 'approve'}`,
          headers: authed(adminToken),
          ...(i % 2 ? { payload: { reason: 'no' } } : {}),
        });
      });
      const results = await Promise.all(calls);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
      const verdicts = await auditEntriesOf(t.db, 'sms_template', created.id);
      expect(verdicts.filter((e) => e.action === 'approve' || e.action === 'reject')).toHaveLength(1);
    } finally {
      await set.close();
    }
  });
});

describe('the send path’s check', () => {
  test('only the owner’s approved template can be sent', async () => {
    const author = await templateAuthor();
    const other = await templateAuthor();
    const created = await create(author.token);
    await expect(
      t.db.transaction((tx) => approvedTemplateOf(tx, author.userId, created.id)),
    ).rejects.toMatchObject({
      code: 'MASS_SMS_TEMPLATE_NOT_APPROVED',
    });
    await api('POST', `${REVIEW}/${created.id}/approve`);
    const template = await t.db.transaction((tx) => approvedTemplateOf(tx, author.userId, created.id));
    expect(template.content).toBe(sample.content);
    await expect(
      t.db.transaction((tx) => approvedTemplateOf(tx, other.userId, created.id)),
    ).rejects.toMatchObject({
      code: 'MASS_SMS_TEMPLATE_NOT_FOUND',
    });
  });
});
