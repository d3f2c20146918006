import type { PhoneImport, PhoneImportItem, PhoneImportState } from '@jiema/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ADMIN, authed, login, type TestApp } from '../helpers';
import { multipart } from '../support/multipart';

export type ImportChoices = { countryCode: string; operatorId?: number; source: string };

/** `data` of a successful answer. */
export function dataOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/** The seeded administrator's bearer token. */
export const adminToken = (t: TestApp) => login(t, ADMIN.username, ADMIN.password);

/** Batch add step 1: uploads `text` as a file, as the page does. */
export function uploadNumbers(
  t: TestApp,
  token: string,
  text: string | Buffer,
  choices: ImportChoices,
  { fileName = 'numbers.txt', locale = 'zh-CN' }: { fileName?: string; locale?: string } = {},
) {
  const body = multipart([{ name: 'file', filename: fileName, content: text, contentType: 'text/plain' }]);
  const query = new URLSearchParams({
    countryCode: choices.countryCode,
    source: choices.source,
    ...(choices.operatorId ? { operatorId: String(choices.operatorId) } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/phone-imports?${query}`,
    headers: { ...authed(token), ...body.headers, 'x-locale': locale },
    payload: body.payload,
  });
}

/** Polls the import, as the page does, until it reaches one of `states`. */
export async function waitForImport(
  t: TestApp,
  token: string,
  id: number,
  states: readonly PhoneImportState[],
  timeoutMs = 60_000,
): Promise<PhoneImport> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/phone-imports/${id}`,
      headers: authed(token),
    });
    const current = dataOf<PhoneImport>(res);
    if (states.includes(current.state)) return current;
    if (Date.now() > giveUpAt) throw new Error(`import ${id} stayed ${current.state}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Uploads and waits for the preview. */
export async function preview(t: TestApp, token: string, text: string, choices: ImportChoices) {
  const created = dataOf<PhoneImport>(await uploadNumbers(t, token, text, choices));
  return waitForImport(t, token, created.id, ['ready', 'failed']);
}

/** Starts the import of a previewed batch and waits for its end. */
export async function commit(t: TestApp, token: string, id: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/phone-imports/${id}/commit`,
    headers: authed(token),
  });
  expect(dataOf<PhoneImport>(res).state).toBe('importing');
  return waitForImport(t, token, id, ['completed', 'failed']);
}

/** Preview then import; returns both views. */
export async function importNumbers(t: TestApp, token: string, text: string, choices: ImportChoices) {
  const ready = await preview(t, token, text, choices);
  expect(ready.state, ready.error ?? '').toBe('ready');
  return { preview: ready, result: await commit(t, token, ready.id) };
}

/** Every preview line of an import (optionally of one status), in file order. */
export async function previewLines(t: TestApp, token: string, id: number, status?: string) {
  const query = new URLSearchParams({ pageSize: '500', ...(status ? { status } : {}) });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/phone-imports/${id}/items?${query}`,
    headers: authed(token),
  });
  return dataOf<{ list: PhoneImportItem[]; total: number }>(res);
}

/** The id of an operator of the seeded catalog. */
export async function operatorId(t: TestApp, countryCode: string, code: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    'select id from operators where country_code = $1 and code = $2',
    [countryCode, code],
  );
  if (!row) throw new Error(`no operator ${countryCode}/${code} in the catalog seed`);
  return row.id;
}

/** Numbers of the stock, as stored. */
export async function stockNumbers(t: TestApp, where = 'true', values: unknown[] = []) {
  return t.db.query<{
    number: string;
    country_code: string;
    operator_id: number;
    prefix: string;
    source: string;
  }>(
    `select number, country_code, operator_id, prefix, source from phone_numbers where ${where} order by number`,
    values,
  );
}

/** Distinct fake but valid Russian mobile numbers (+7 912 …), `count` of them from `start`. */
export function russianMobiles(count: number, start = 0): string[] {
  return Array.from({ length: count }, (_, i) => `+7912${String(1_000_000 + start + i).padStart(7, '0')}`);
}
