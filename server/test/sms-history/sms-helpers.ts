import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import type { TestApp } from '../helpers';
import {
  addNumbers,
  type buyer,
  dataOf,
  type PurchaseBody,
  purchaseBody,
  type StoreWorld,
} from '../store/store-helpers';

export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };
export type Buyer = Awaited<ReturnType<typeof buyer>>;
type Order = { id: number; orderNo: string; phones: { rentalId: number; phoneNumber: string }[] };

/** Buys through the API store (stock added first); returns the order and its rentals. */
export async function buy(t: TestApp, world: StoreWorld, b: Buyer, overrides: PurchaseBody = {}) {
  await addNumbers(t.db, { count: Number(overrides.quantity ?? 1) });
  return dataOf<Order>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world, overrides) }),
  );
}

export type SmsInput = {
  sender?: string;
  text?: string;
  code?: string | null;
  source?: string;
  /** Minutes before now (0: now). */
  minutesAgo?: number;
  receivedAt?: string;
};

/**
 * Stores an SMS as the inbound gateways will: attributed to a rental (its number and application),
 * with an explicit time so ordering and date ranges are exact.
 */
export async function smsTo(db: Db, rentalId: number, input: SmsInput = {}): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into sms_messages (rental_id, phone_number_id, phone_number, application_id, sender, text, code, source,
       external_id, received_at)
     select id, phone_number_id, phone_number, application_id, $2, $3, $4, $5, $6,
       coalesce($7::timestamptz, now() - make_interval(mins => $8::int))
     from rentals where id = $1 returning id`,
    [
      rentalId,
      input.sender ?? 'TestSender',
      input.text ?? 'Your code is 482913',
      input.code === undefined ? '482913' : input.code,
      input.source ?? 'test',
      randomBytes(8).toString('hex'),
      input.receivedAt ?? null,
      input.minutesAgo ?? 0,
    ],
  );
  return row!.id;
}

/** An SMS that matched no rental (kept for the administrators only). */
export async function unmatchedSms(
  db: Db,
  phoneNumber: string,
  input: SmsInput & { applicationId?: number | null } = {},
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into sms_messages (rental_id, phone_number, application_id, sender, text, code, source, external_id,
       received_at)
     values (null, $1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now() - make_interval(mins => $9::int)))
     returning id`,
    [
      phoneNumber,
      input.applicationId ?? null,
      input.sender ?? 'Unknown',
      input.text ?? 'Stray message 111222',
      input.code === undefined ? null : input.code,
      input.source ?? 'test',
      randomBytes(8).toString('hex'),
      input.receivedAt ?? null,
      input.minutesAgo ?? 0,
    ],
  );
  return row!.id;
}

/** A CSV answer parsed by RFC 4180 (quoted fields with "" and line breaks), BOM and header checked. */
export function parseCsv(res: LightMyRequestResponse): string[][] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const text = res.body.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** The rows of a CSV as objects keyed by its header. */
export function csvObjects(res: LightMyRequestResponse): Record<string, string>[] {
  const [header, ...rows] = parseCsv(res);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

export const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
