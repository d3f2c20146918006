import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app-types';
import type { Db } from '../../src/db/client';
import {
  authed,
  createSession,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  type ServerSet,
  serversSharingDatabase,
  type TestApp,
} from '../helpers';
import { JPEG_2X2, PNG_2X2 } from '../support/images';
import { multipart } from '../support/multipart';

/**
 * Issue 7 item 11: an avatar upload replaces the old file, and uploads are bounded per user per
 * hour, also when they arrive at once (on PostgreSQL: on two servers sharing one database).
 */
const LIMIT = 6;

let t: TestApp;
let sharing: ServerSet | undefined;
let servers: App[] = [];

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_PER_HOUR: String(LIMIT) });
  sharing = await serversSharingDatabase(t);
  servers = sharing.servers;
}, 60_000);

afterAll(async () => {
  await sharing?.close();
  await t?.close();
});

function upload(token: string, bytes: Buffer, { server = 0, locale = 'zh-CN' } = {}) {
  const body = multipart([{ name: 'file', content: bytes, filename: 'a.png', contentType: 'image/png' }]);
  return servers[server % servers.length]!.inject({
    method: 'POST',
    url: '/api/user/avatar',
    headers: { ...authed(token), ...body.headers, 'accept-language': locale },
    payload: body.payload,
  });
}

const avatarFilesOf = async (db: Db, userId: number) =>
  (
    await db.query<{ id: string }>(
      `select id from stored_files where owner_id = $1 and purpose = 'avatar' order by created_at`,
      [userId],
    )
  ).map((r) => `/api/files/${r.id}`);

async function newUploader() {
  const user = await createUser(t.db);
  return { ...user, token: await createSession(t.db, user.userId) };
}

describe('avatar uploads', () => {
  test('replace the old file: after three uploads one file is kept, the old addresses answer 404', async () => {
    const user = await newUploader();
    const paths: string[] = [];
    for (const bytes of [PNG_2X2, JPEG_2X2, PNG_2X2]) {
      const res = await upload(user.token, bytes);
      expect(res.statusCode, res.body).toBe(200);
      paths.push(res.json().data.iconPath);
    }
    expect(await avatarFilesOf(t.db, user.userId)).toEqual([paths[2]]);
    for (const old of paths.slice(0, 2))
      expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: paths[2]! })).statusCode).toBe(200);
  });

  test('an avatar cleared or replaced by an address in the profile is deleted; an outside address is left alone', async () => {
    const user = await newUploader();
    const uploaded = (await upload(user.token, PNG_2X2)).json().data.iconPath;
    const put = (iconPath: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: authed(user.token),
        payload: { iconPath },
      });
    expect((await put('https://example.com/me.png')).statusCode).toBe(200);
    expect(await avatarFilesOf(t.db, user.userId)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: uploaded })).statusCode).toBe(404);
    // Someone else's file named as one's avatar, then dropped: it stays theirs.
    const other = await newUploader();
    const theirs = (await upload(other.token, PNG_2X2)).json().data.iconPath;
    expect((await put(theirs)).statusCode).toBe(200);
    expect((await put('')).statusCode).toBe(200);
    expect(await avatarFilesOf(t.db, other.userId)).toEqual([theirs]);
  });

  test(`20 uploads at once: exactly ${LIMIT} are stored, the rest get 429 in the user's language; one file is left`, async () => {
    const user = await newUploader();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        upload(user.token, PNG_2X2, { server: i, locale: i % 2 ? 'en-US' : 'zh-CN' }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(LIMIT);
    expect(refused).toHaveLength(20 - LIMIT);
    for (const [i, r] of results.entries()) {
      if (r.statusCode !== 429) continue;
      const body = expectErrorEnvelope(r, 429);
      const seconds = Number(r.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(3600);
      expect(body.message).toBe(
        i % 2
          ? `Too many uploads: at most ${LIMIT} files an hour, please try again in ${seconds} seconds`
          : `上传过于频繁：每小时最多上传 ${LIMIT} 个文件，请 ${seconds} 秒后再试`,
      );
    }
    const files = await avatarFilesOf(t.db, user.userId);
    expect(files).toHaveLength(1);
    const [row] = await t.db.query<{ icon_path: string }>('select icon_path from users where id = $1', [
      user.userId,
    ]);
    expect(files).toEqual([row?.icon_path]);
    // The next one is refused too; another user is not affected.
    expect((await upload(user.token, PNG_2X2)).statusCode).toBe(429);
    expect((await upload((await newUploader()).token, PNG_2X2)).statusCode).toBe(200);
  });
});
