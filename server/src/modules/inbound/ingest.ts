import type { Db, Queryable } from '../../db/client';
import { codesReceived, gatewayKindOf, smsReceived } from '../../lib/metrics';
import { attribute, extractSmsCode } from './attribution';
import { FINGERPRINT_OF_HELD, HELD_SQL, holdingMemory, readHolding } from './holding-rentals';
import { insertInBatch } from './insert-batch';

/**
 * One inbound SMS, whatever brought it (a webhook kind, an SMPP bind, the test tool, the demo).
 * `source` and `externalId` together identify it at its source: a retry with the same pair is
 * stored once. Without an id, the same sender + text + number within DEDUPE_WINDOW_SECONDS is a retry.
 */
export type InboundSms = {
  /** The gateway it came through (null for none, e.g. a test SMS without a gateway). */
  gatewayId: number | null;
  /** e.g. `smsgate:3`, `smpp:5`, `test`, `demo`: shown in the admin SMS records. */
  source: string;
  externalId: string | null;
  /** The receiving number (ours); normalised to +digits. */
  to: string;
  from: string;
  text: string;
  /** When the phone or SMSC received it; now when absent or implausible. */
  receivedAt?: Date | null;
  /** A voice order's transcript. */
  voice?: boolean;
  /**
   * Stored only if the receiving number's stock row has this source, checked in the insert statement
   * itself (a SIM-farm agent may push SMS only for the numbers it gave us: `agent:<id>`).
   */
  numberSource?: string;
};

export type IngestResult = {
  smsId: number;
  /** True when this was a retry of an SMS already stored (nothing new was written). */
  duplicate: boolean;
  phoneNumber: string;
  rentalId: number | null;
  userId: number | null;
  applicationId: number | null;
  code: string | null;
};

export const DEDUPE_WINDOW_SECONDS = 120;
const TEXT_MAX = 4096;

/** `+7 (999) 123-45-67`, `0079991234567`, `79991234567` → `+79991234567`; null when it is not a number. */
export function normalizeNumber(raw: string): string | null {
  let s = raw.trim().replace(/[\s().-]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (/^\d+$/.test(s)) s = `+${s}`;
  return /^\+\d{6,15}$/.test(s) ? s : null;
}

function plausibleTime(at: Date | null | undefined): Date {
  const now = Date.now();
  if (!at || Number.isNaN(at.getTime())) return new Date(now);
  // A phone's clock may be off; a time in the future or days old is not trusted for ordering.
  if (at.getTime() > now + 300_000 || at.getTime() < now - 7 * 86_400_000) return new Date(now);
  return at;
}

type StoredRow = {
  id: number;
  phone_number: string;
  rental_id: number | null;
  user_id: number | null;
  application_id: number | null;
  code: string | null;
};

const toResult = (row: StoredRow, duplicate: boolean): IngestResult => ({
  smsId: row.id,
  duplicate,
  phoneNumber: row.phone_number,
  rentalId: row.rental_id,
  userId: row.user_id,
  applicationId: row.application_id,
  code: row.code,
});

const STORED = `select m.id, m.phone_number, m.rental_id, r.user_id, m.application_id, m.code
  from sms_messages m left join rentals r on r.id = m.rental_id`;

/**
 * The insert, in ONE statement (one round trip, its own transaction outside `ingestSms`'s): the rentals
 * holding the number are locked FOR SHARE until the SMS is committed (a cancel or the no-SMS sweep, FOR
 * UPDATE, waits for it and then sees the SMS, so an activation whose code has arrived is never refunded;
 * one that ended first is no longer a candidate), their fingerprint is recomputed under the locks, and the
 * row is inserted only if it equals the fingerprint the attribution was decided on. Answers the
 * fingerprint seen and the new id (null: the fingerprint moved, or a copy with the same source id exists).
 */
const INSERT_SQL = `with held as (${HELD_SQL} for share of r),
  checked as (select ${FINGERPRINT_OF_HELD} as fingerprint from held),
  inserted as (
    insert into sms_messages (rental_id, phone_number_id, phone_number, application_id, sender, text, code,
      source, external_id, received_at, gateway_id, voice)
    select $2::int, (select n.id from phone_numbers n where n.number = $1), $1, $3::int, $4::text, $5::text, $6::text,
      $7::text, $8::text, $9::timestamptz, $10::int, $11::boolean
    from checked where checked.fingerprint = $12::text
      and ($13::text is null or exists (select 1 from phone_numbers g where g.number = $1 and g.source = $13::text))
    on conflict (source, external_id) do nothing
    returning id)
  select (select fingerprint from checked) as fingerprint, (select id from inserted) as id,
    ($13::text is not null and not exists (select 1 from phone_numbers g where g.number = $1 and g.source = $13::text))
      as foreign_number`;

/** Not stored: the receiving number's stock row does not have the required `numberSource`. */
const FOREIGN = 'foreign' as const;

/** Attempts before giving up when the rentals of a number keep changing under the SMS (never seen in practice). */
const ATTEMPTS = 5;

type Prepared = {
  phoneNumber: string;
  sender: string;
  text: string;
  receivedAt: Date;
  externalId: string | null;
  voice: boolean;
};

/**
 * Attributes and extracts from the remembered holding of the number (read when there is none), then
 * inserts as part of the current batch (insert-batch.ts): one statement and one commit for all the SMS
 * that arrived meanwhile. When the holding moved under it, or the batch failed as a whole, the SMS is
 * inserted on its own. Null: a copy with the same (source, external id) is stored.
 */
async function insertBatched(db: Db, sms: InboundSms, p: Prepared & { externalId: string }) {
  let holding = holdingMemory.get(db, p.phoneNumber);
  if (!holding) {
    holding = await readHolding(db, p.phoneNumber);
    holdingMemory.set(db, p.phoneNumber, holding);
  }
  const rental = attribute(holding.rentals, { sender: p.sender, text: p.text, voice: p.voice });
  const code = extractSmsCode(rental, p.text);
  const outcome = await insertInBatch(db, {
    phoneNumber: p.phoneNumber,
    rentalId: rental?.id ?? null,
    applicationId: rental?.application_id ?? null,
    sender: p.sender,
    text: p.text,
    code,
    source: sms.source,
    externalId: p.externalId,
    receivedAt: p.receivedAt,
    gatewayId: sms.gatewayId,
    voice: p.voice,
    fingerprint: holding.fingerprint,
    numberSource: sms.numberSource ?? null,
  });
  if (outcome.kind === 'exists') return null;
  if (outcome.kind === 'foreign') return FOREIGN;
  if (outcome.kind === 'inserted')
    return {
      smsId: outcome.id,
      duplicate: false,
      phoneNumber: p.phoneNumber,
      rentalId: rental?.id ?? null,
      userId: rental?.user_id ?? null,
      applicationId: rental?.application_id ?? null,
      code,
    };
  if (outcome.kind === 'moved') holdingMemory.forget(db, p.phoneNumber);
  return insertAttributed(db, db, sms, p);
}

/**
 * Attributes, extracts and inserts on its own: from the remembered holding of the number when there is one (then
 * the whole SMS is one round trip), else after reading it; a fingerprint that moved meanwhile means
 * reading again and deciding again. Null: a copy with the same (source, external id) is stored.
 */
async function insertAttributed(
  db: Db,
  q: Queryable,
  sms: InboundSms,
  p: Prepared,
): Promise<IngestResult | typeof FOREIGN | null> {
  let holding = holdingMemory.get(db, p.phoneNumber);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (!holding) {
      holding = await readHolding(q, p.phoneNumber);
      holdingMemory.set(db, p.phoneNumber, holding);
    }
    const rental = attribute(holding.rentals, { sender: p.sender, text: p.text, voice: p.voice });
    const code = extractSmsCode(rental, p.text);
    const [row] = await q.query<{ fingerprint: string; id: number | null; foreign_number: boolean }>(
      INSERT_SQL,
      [
        p.phoneNumber,
        rental?.id ?? null,
        rental?.application_id ?? null,
        p.sender,
        p.text,
        code,
        sms.source,
        p.externalId,
        p.receivedAt,
        sms.gatewayId,
        p.voice,
        holding.fingerprint,
        sms.numberSource ?? null,
      ],
      { prepare: 'inbound_insert_sms' },
    );
    if (row!.foreign_number) return FOREIGN;
    if (row!.fingerprint !== holding.fingerprint) {
      holdingMemory.forget(db, p.phoneNumber);
      holding = null;
      continue;
    }
    if (row!.id === null) return null;
    return {
      smsId: row!.id,
      duplicate: false,
      phoneNumber: p.phoneNumber,
      rentalId: rental?.id ?? null,
      userId: rental?.user_id ?? null,
      applicationId: rental?.application_id ?? null,
      code,
    };
  }
  throw new Error(`ingestSms: the rentals of ${p.phoneNumber} kept changing`);
}

/**
 * Stores one inbound SMS, attributed and with its code; resolves only once it is committed (a webhook
 * answers 2xx after this). Retries are stored once, also when they arrive at the same moment on several
 * processes: by the unique (source, external_id), else under a transaction advisory lock on the number
 * while the window is checked. With a source id (every webhook kind that has one) the SMS is one or two
 * statements and no explicit transaction.
 * This is the one entry point of every inbound path (webhooks, SMPP, test tool, demo, SIM-farm agents).
 * With `numberSource`: null when the number's stock row has another source (nothing stored).
 */
export async function ingestSms(
  db: Db,
  sms: InboundSms & { numberSource: string },
): Promise<IngestResult | null>;
export async function ingestSms(db: Db, sms: InboundSms): Promise<IngestResult>;
export async function ingestSms(db: Db, sms: InboundSms): Promise<IngestResult | null> {
  const result = await storeInboundSms(db, sms);
  if (result === FOREIGN) return null;
  // Counted after the commit, once: a retry of a stored SMS is not a new one.
  if (!result.duplicate) {
    smsReceived.inc({ gateway: gatewayKindOf(sms.source) });
    if (result.code !== null && result.rentalId !== null) codesReceived.inc();
  }
  return result;
}

async function storeInboundSms(db: Db, sms: InboundSms): Promise<IngestResult | typeof FOREIGN> {
  const phoneNumber = normalizeNumber(sms.to);
  if (!phoneNumber) throw new Error('ingestSms: the receiving number is not a phone number');
  const prepared: Prepared = {
    phoneNumber,
    text: sms.text.slice(0, TEXT_MAX),
    sender: sms.from.trim().slice(0, 64),
    receivedAt: plausibleTime(sms.receivedAt),
    externalId: sms.externalId?.trim().slice(0, 128) || null,
    voice: sms.voice === true,
  };
  const { externalId } = prepared;
  if (externalId !== null) {
    const stored = await insertBatched(db, sms, { ...prepared, externalId });
    if (stored) return stored;
    // The same (source, id) is stored already (a retry, or a copy committed meanwhile by another request).
    const [seen] = await db.query<StoredRow>(`${STORED} where m.source = $1 and m.external_id = $2`, [
      sms.source,
      externalId,
    ]);
    return toResult(seen!, true);
  }
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('inbound:' || $1))`, [phoneNumber]);
    const [retry] = await tx.query<StoredRow>(
      `${STORED} where m.external_id is null and m.phone_number = $1 and m.sender = $2 and m.text = $3
         and m.received_at between $4::timestamptz - make_interval(secs => $5)
                               and $4::timestamptz + make_interval(secs => $5)
       order by m.id limit 1`,
      [phoneNumber, prepared.sender, prepared.text, prepared.receivedAt, DEDUPE_WINDOW_SECONDS],
    );
    if (retry) return toResult(retry, true);
    // Without a source id nothing can conflict: the insert either happens, or the fingerprint moved (retried),
    // or the number is not of the required source.
    return (await insertAttributed(db, tx, sms, prepared))!;
  });
}
