import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, createTestApp, expectErrorEnvelope, postLogin, solveCaptcha, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const CAPTCHA_MESSAGE = '验证码错误或已过期，请重新获取';

describe('GET /auth/code', () => {
  test('issues an SVG image with a key, stores only the answer, and is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/code' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data).toEqual({
      key: expect.any(String),
      image: expect.any(String),
      expiresInSeconds: 300,
      enabled: true,
    });
    expect(data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.image.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await t.db.query<{ answer: string }>('select answer from captchas where key = $1', [
      data.key,
    ]);
    expect(row?.answer).toMatch(/^[a-z0-9]{4}$/);
  });

  test('gives a different key each time', async () => {
    const keys = await Promise.all([1, 2, 3].map(async () => (await solveCaptcha(t)).captchaKey));
    expect(new Set(keys).size).toBe(3);
  });
});

describe('the captcha on POST /auth/login', () => {
  test('is required', async () => {
    const body = expectErrorEnvelope(
      await postLogin(t, ADMIN.username, ADMIN.password, { captcha: {} }),
      400,
    );
    expect(body.message).toBe(CAPTCHA_MESSAGE);
  });

  test('needs the code as well as the key', async () => {
    const { captchaKey } = await solveCaptcha(t);
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha: { captchaKey } }), 400);
  });

  test('refuses a wrong answer, and the key is then used up', async () => {
    const captcha = await solveCaptcha(t);
    const wrong = { ...captcha, captchaCode: captcha.captchaCode === 'abcd' ? 'abce' : 'abcd' };
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha: wrong }), 400);
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha }), 400);
  });

  test('refuses an unknown key', async () => {
    const captcha = { captchaKey: 'no-such-key', captchaCode: 'abcd' };
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha }), 400);
  });

  test('accepts the answer in upper case and with spaces around', async () => {
    const captcha = await solveCaptcha(t);
    const typed = { ...captcha, captchaCode: ` ${captcha.captchaCode.toUpperCase()} ` };
    expect((await postLogin(t, ADMIN.username, ADMIN.password, { captcha: typed })).statusCode).toBe(200);
  });

  test('refuses an expired answer', async () => {
    const captcha = await solveCaptcha(t);
    await t.db.query(`update captchas set expires_at = now() - interval '1 second' where key = $1`, [
      captcha.captchaKey,
    ]);
    const body = expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha }), 400);
    expect(body.message).toBe(CAPTCHA_MESSAGE);
  });

  test('is single-use: a key that opened a session cannot be used again', async () => {
    const captcha = await solveCaptcha(t);
    expect((await postLogin(t, ADMIN.username, ADMIN.password, { captcha })).statusCode).toBe(200);
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha }), 400);
  });

  test('is used up by a failed login too', async () => {
    const captcha = await solveCaptcha(t);
    expectErrorEnvelope(await postLogin(t, ADMIN.username, 'wrong-password', { captcha }), 400);
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha }), 400);
  });

  test('is checked before the password, so a wrong captcha reveals nothing about the account', async () => {
    const res = await postLogin(t, ADMIN.username, 'wrong-password', {
      captcha: { captchaKey: 'x', captchaCode: 'y' },
    });
    expect(expectErrorEnvelope(res, 400).message).toBe(CAPTCHA_MESSAGE);
  });
});
