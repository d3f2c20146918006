import { AVATAR_MAX_BYTES } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authed, createTestApp, expectErrorEnvelope, login, register, type TestApp } from '../helpers';
import { JPEG_2X2, PNG_2X2 } from '../support/images';
import { type FormPart, multipart } from '../support/multipart';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await register(t);
  token = await login(t, user.username, user.password);
});
afterAll(() => t?.close());

function upload(parts: FormPart[], headers: Record<string, string> = {}) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/user/avatar',
    headers: { ...authed(token), ...body.headers, ...headers },
    payload: body.payload,
  });
}

const filePart = (content: Buffer | string, filename: string, contentType: string): FormPart => ({
  name: 'file',
  content,
  filename,
  contentType,
});

describe('POST /api/user/avatar', () => {
  test.each([
    ['PNG', PNG_2X2, 'avatar.png', 'image/png'],
    ['JPEG', JPEG_2X2, 'photo.jpg', 'image/jpeg'],
  ])(
    'stores a %s, sets it as the avatar and serves it back with its type',
    async (_, bytes, filename, type) => {
      const res = await upload([filePart(bytes, filename, type)]);
      expect(res.statusCode, res.body).toBe(200);
      const { iconPath } = res.json().data;
      expect(iconPath).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{8,64}$/);

      const info = (await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(token) })).json()
        .data;
      expect(info).toMatchObject({ iconPath, icon: iconPath });

      const served = await t.app.inject({ method: 'GET', url: iconPath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    },
  );

  test('goes by the content, not the name or the declared type', async () => {
    const res = await upload([filePart(PNG_2X2, 'avatar.txt', 'application/octet-stream')]);
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().data.iconPath });
    expect(served.headers['content-type']).toBe('image/png');
  });

  test.each([
    ['a text file named .png', Buffer.from('hello, this is not an image\n')],
    ['an HTML page named .png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an SVG named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s by its content', async (_, content) => {
    const before = (await t.db.query('select id from stored_files')).length;
    const body = expectErrorEnvelope(await upload([filePart(content, 'avatar.png', 'image/png')]), 400);
    expect(body.message).toBe('不支持的文件类型，仅支持 PNG, JPEG, GIF, WebP');
    expect((await t.db.query('select id from stored_files')).length).toBe(before);
  });

  test('refuses a file over the size limit', async () => {
    const big = Buffer.concat([PNG_2X2, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const body = expectErrorEnvelope(await upload([filePart(big, 'big.png', 'image/png')]), 400);
    expect(body.message).toBe(`文件过大，最大 ${AVATAR_MAX_BYTES / 1024} KB`);
  });

  test('accepts a file of exactly the size limit', async () => {
    const exact = Buffer.concat([PNG_2X2, Buffer.alloc(AVATAR_MAX_BYTES - PNG_2X2.length)]);
    expect((await upload([filePart(exact, 'exact.png', 'image/png')])).statusCode).toBe(200);
  });

  test('refuses a form without a file', async () => {
    const body = expectErrorEnvelope(await upload([{ name: 'note', content: 'no file here' }]), 400);
    expect(body.message).toBe('请选择要上传的文件');
  });

  test('refuses a request that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: authed(token),
      payload: { file: PNG_2X2.toString('base64') },
    });
    expectErrorEnvelope(res, 400);
  });

  test('refuses a request with no body at all', async () => {
    expectErrorEnvelope(
      await t.app.inject({ method: 'POST', url: '/api/user/avatar', headers: authed(token) }),
      400,
    );
  });

  test('refuses a broken multipart body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...authed(token), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: 'this is not multipart at all',
    });
    expectErrorEnvelope(res, 400);
  });
});

describe('GET /api/files/:id', () => {
  test('is 404 for an id that does not exist', async () => {
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/api/files/doesnotexist123' }), 404);
  });

  test('is 400 for an id of the wrong shape', async () => {
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd' }), 400);
  });
});
