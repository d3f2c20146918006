import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { VALIDATION_MESSAGES } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asAdmin } from '../catalog/catalog-helpers';
import {
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  postLogin,
  type TestApp,
} from '../helpers';

/**
 * Issue 14, "forms tell the truth": each refusal names what is actually wrong, in both languages,
 * and changes nothing; the server refuses what the browser refuses (the same shared schemas).
 */

let t: TestApp;
let admin: ReturnType<typeof asAdmin>;
beforeAll(async () => {
  t = await createTestApp();
  admin = asAdmin(t);
});
afterAll(() => t?.close());

const both = async (
  send: (locale: 'zh-CN' | 'en-US') => Promise<Parameters<typeof expectErrorEnvelope>[0]>,
  zh: string,
  en: string,
) => {
  expect(expectErrorEnvelope(await send('zh-CN'), 400).message).toContain(zh);
  expect(expectErrorEnvelope(await send('en-US'), 400).message).toContain(en);
};

describe('validation message catalogues', () => {
  test('no key is defined in two catalogue files (the spread would silently keep only one)', () => {
    const folder = path.resolve(import.meta.dirname, '../../../shared/src/validation-messages');
    const all = fs
      .readdirSync(folder)
      .flatMap((file) => [
        ...fs.readFileSync(path.join(folder, file), 'utf8').matchAll(/^ {2}'(validation\.\w+)':/gm),
      ])
      .map((m) => m[1]);
    const repeated = all.filter((key, i) => all.indexOf(key) !== i);
    expect(repeated).toEqual([]);
    expect(Object.keys(VALIDATION_MESSAGES)).toHaveLength(all.length);
  });
});

describe('countries', () => {
  test.each([
    ['a 5,000-character code', 'A'.repeat(5000), '国家代码为 2 位英文字母', 'The country code is 2 letters'],
    [
      'XH (not assigned)',
      'XH',
      '不是 ISO 3166-1 分配的国家或地区代码',
      'not a country code ISO 3166-1 assigns',
    ],
    [
      'XS (user-assigned)',
      'XS',
      '不是 ISO 3166-1 分配的国家或地区代码',
      'not a country code ISO 3166-1 assigns',
    ],
    [
      'AA (user-assigned)',
      'AA',
      '不是 ISO 3166-1 分配的国家或地区代码',
      'not a country code ISO 3166-1 assigns',
    ],
  ])('refuses %s and saves nothing', async (_name, code, zh, en) => {
    const payload = { code, dialCode: '+999', nameZh: '测试', nameEn: 'Test' };
    await both((locale) => admin({ method: 'POST', url: '/api/admin/countries', payload, locale }), zh, en);
    const rows = await t.db.query(`select code from countries where code in ('AA', 'XH', 'XS')`);
    expect(rows).toEqual([]);
  });
});

describe('validity options', () => {
  test.each([
    [0, '时长为 1 分钟到 366 天', 'The duration is from 1 minute to 366 days'],
    [-3 * 1440, '时长为 1 分钟到 366 天', 'The duration is from 1 minute to 366 days'],
    [2.5, '时长必须是整数分钟', 'The duration must be a whole number of minutes'],
  ])('refuses %s minutes, never turned into another duration', async (minutes, zh, en) => {
    const before = await t.db.query('select count(*)::int as n from validity_options');
    const payload = { kind: 'rental', minutes, nameZh: '测试', nameEn: 'Test' };
    await both(
      (locale) => admin({ method: 'POST', url: '/api/admin/validity-options', payload, locale }),
      zh,
      en,
    );
    expect(await t.db.query('select count(*)::int as n from validity_options')).toEqual(before);
  });

  test('1.5 days is saved as 2160 minutes, not rounded to 2 days', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/admin/validity-options',
      payload: { kind: 'rental', minutes: 1.5 * 1440, nameZh: '1.5 天', nameEn: '1.5 days' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.minutes).toBe(2160);
  });
});

describe('balance adjustments', () => {
  test.each([
    ['99999999999999999999', '金额过大：整数部分最多 12 位', 'at most 12 digits before the decimal point'],
    ['1.1234567', '金额最多 6 位小数', 'The amount can have at most 6 decimals'],
    ['0', '金额必须大于 0', 'The amount must be above 0'],
    ['abc', '金额必须是大于 0 的数字', 'The amount must be a number above 0'],
  ])('refuses %s with what is wrong, and changes no balance', async (amount, zh, en) => {
    const user = await createUser(t.db);
    await both(
      (locale) =>
        admin({
          method: 'POST',
          url: `/api/admin/users/${user.userId}/balance`,
          payload: { type: 'reward', amount, note: 'test', requestId: randomUUID() },
          locale,
        }),
      zh,
      en,
    );
    const [row] = await t.db.query<{ balance: string }>('select balance::text from users where id = $1', [
      user.userId,
    ]);
    expect(Number(row!.balance)).toBe(0);
  });
});

describe('login and password', () => {
  test('a 5,000-character username is called too long, not missing', async () => {
    for (const [locale, text] of [
      ['zh-CN', '用户名或邮箱最多 128 个字符'],
      ['en-US', 'The username or email must be at most 128 characters'],
    ] as const) {
      const res = await postLogin(t, 'a'.repeat(5000), 'whatever', {
        request: { headers: { 'x-locale': locale } },
      });
      const body = expectErrorEnvelope(res, 400);
      expect(body.message).toContain(text);
      expect(body.message).not.toMatch(/请输入|Please enter/);
    }
  });

  test('a new password equal to the current one is refused and nothing changes', async () => {
    const user = await createUser(t.db, { password: 'Same#Pass1' });
    const token = await login(t, user.username, user.password);
    const payload = { oldPassword: 'Same#Pass1', newPassword: 'Same#Pass1', confirmPassword: 'Same#Pass1' };
    await both(
      (locale) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/user/password',
          payload,
          headers: { ...authed(token), 'x-locale': locale },
        }),
      '新密码不能与当前密码相同',
      'The new password must differ from the current one',
    );
    // The session was not revoked and the password still works.
    expect(await login(t, user.username, 'Same#Pass1')).toBeTruthy();
  });
});
