import type { HTTPMethods } from 'fastify';
import { authed, type TestApp } from '../helpers';
import { type FormPart, multipart } from '../support/multipart';

export type Locale = 'zh-CN' | 'en-US';

/** Real image headers the server recognises by content, and files that only pretend to be images. */
export const WEBP_HEADER = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(18, 1),
]);
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A Windows executable's first bytes ("MZ", DOS stub text). */
export const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
  Buffer.from('This program cannot be run in DOS mode'),
]);

export const validTicket = (extra: Record<string, string> = {}) => ({
  type: 'afterSales',
  title: 'Code never arrived',
  description: 'I bought a number for Telegram and no code came in 20 minutes.',
  priority: 'normal',
  ...extra,
});

export type Image = { name: string; bytes: Buffer; type?: string };

/** A multipart form as the browser sends it: fields, then the images as `files`. */
export function formOf(fields: Record<string, string>, images: Image[] = []) {
  const parts: FormPart[] = Object.entries(fields).map(([name, content]) => ({ name, content }));
  for (const image of images) {
    parts.push({
      name: 'files',
      content: image.bytes,
      filename: image.name,
      contentType: image.type ?? 'image/png',
    });
  }
  return multipart(parts);
}

export function api(
  t: TestApp,
  method: HTTPMethods,
  url: string,
  { token, payload, locale = 'zh-CN' }: { token: string; payload?: unknown; locale?: Locale },
) {
  return t.app.inject({
    method,
    url,
    headers: { ...authed(token), 'x-locale': locale },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Posts a multipart form (fields and images) with a token. */
export function postForm(
  t: TestApp,
  url: string,
  token: string,
  fields: Record<string, string>,
  images: Image[] = [],
  locale: Locale = 'zh-CN',
) {
  const body = formOf(fields, images);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...authed(token), ...body.headers, 'x-locale': locale },
    payload: body.payload,
  });
}

/** Submits a valid ticket and returns its id. */
export async function submitTicket(
  t: TestApp,
  token: string,
  extra: Record<string, string> = {},
  images: Image[] = [],
): Promise<number> {
  const res = await postForm(t, '/api/tickets', token, validTicket(extra), images);
  if (res.statusCode !== 200) throw new Error(`ticket not created: ${res.body}`);
  return res.json().data.id;
}

/** Moves a ticket through staff status changes, failing loudly if one is refused. */
export async function moveTo(t: TestApp, adminToken: string, id: number, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await api(t, 'PUT', `/api/admin/tickets/${id}/status`, {
      token: adminToken,
      payload: { status },
    });
    if (res.statusCode !== 200) throw new Error(`status ${status} refused: ${res.body}`);
  }
}
