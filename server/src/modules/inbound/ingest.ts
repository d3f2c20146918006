import type { Db, Queryable } from '../../db/client';
import { attribute, extractSmsCode, type HoldingRental } from './attribution';

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
 * The rentals holding a number, locked FOR SHARE until the SMS is committed: a cancel or the
 * no-SMS sweep (FOR UPDATE) waits for it and then sees the SMS, so an activation whose code has
 * arrived is never refunded; one that ended first is no longer a candidate.
 */
async function holdingRentals(tx: Queryable, phoneNumberId: number): Promise<HoldingRental[]> {
  return tx.query<HoldingRental>(
    `select r.id, r.user_id, r.application_id, a.sender_pattern, a.keyword_pattern, a.code_pattern,
       p.pattern as user_pattern, (o.sms_type = 'voice') as voice
     from rentals r
     join applications a on a.id = r.application_id
     join store_orders o on o.id = r.order_id
     left join user_code_patterns p on p.user_id = r.user_id and p.application_id = r.application_id
     where r.phone_number_id = $1 and r.status in ('active', 'inactive', 'suspended') and r.expires_at > now()
     order by r.id
     for share of r`,
    [phoneNumberId],
    { prepare: 'inbound_holding_rentals' },
  );
}

/**
 * Stores one inbound SMS, attributed and with its code, in one transaction; resolves only once it
 * is committed (a webhook answers 2xx after this). Retries are stored once, also when they arrive
 * at the same moment on several processes: by the unique (source, external_id), else under a
 * transaction advisory lock on the number while the window is checked.
 * This is the one entry point of every inbound path (webhooks, SMPP, test tool, demo).
 */
export async function ingestSms(db: Db, sms: InboundSms): Promise<IngestResult> {
  const phoneNumber = normalizeNumber(sms.to);
  if (!phoneNumber) throw new Error('ingestSms: the receiving number is not a phone number');
  const text = sms.text.slice(0, TEXT_MAX);
  const sender = sms.from.trim().slice(0, 64);
  const receivedAt = plausibleTime(sms.receivedAt);
  const externalId = sms.externalId?.trim().slice(0, 128) || null;
  const voice = sms.voice === true;

  return db.transaction(async (tx) => {
    if (externalId === null) {
      await tx.query(`select pg_advisory_xact_lock(hashtext('inbound:' || $1))`, [phoneNumber]);
      const [retry] = await tx.query<StoredRow>(
        `${STORED} where m.external_id is null and m.phone_number = $1 and m.sender = $2 and m.text = $3
           and m.received_at between $4::timestamptz - make_interval(secs => $5)
                                 and $4::timestamptz + make_interval(secs => $5)
         order by m.id limit 1`,
        [phoneNumber, sender, text, receivedAt, DEDUPE_WINDOW_SECONDS],
      );
      if (retry) return toResult(retry, true);
    } else {
      const [seen] = await tx.query<StoredRow>(`${STORED} where m.source = $1 and m.external_id = $2`, [
        sms.source,
        externalId,
      ]);
      if (seen) return toResult(seen, true);
    }

    const [number] = await tx.query<{ id: number }>('select id from phone_numbers where number = $1', [
      phoneNumber,
    ]);
    const rentals = number ? await holdingRentals(tx, number.id) : [];
    const rental = attribute(rentals, { sender, text, voice });
    const code = extractSmsCode(rental, text);
    const [inserted] = await tx.query<{ id: number }>(
      `insert into sms_messages (rental_id, phone_number_id, phone_number, application_id, sender, text, code,
         source, external_id, received_at, gateway_id, voice)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (source, external_id) do nothing
       returning id`,
      [
        rental?.id ?? null,
        number?.id ?? null,
        phoneNumber,
        rental?.application_id ?? null,
        sender,
        text,
        code,
        sms.source,
        externalId,
        receivedAt,
        sms.gatewayId,
        voice,
      ],
      { prepare: 'inbound_insert_sms' },
    );
    if (!inserted) {
      // The same (source, id) committed by another request meanwhile: that copy is the SMS.
      const [seen] = await tx.query<StoredRow>(`${STORED} where m.source = $1 and m.external_id = $2`, [
        sms.source,
        externalId,
      ]);
      return toResult(seen!, true);
    }
    return {
      smsId: inserted.id,
      duplicate: false,
      phoneNumber,
      rentalId: rental?.id ?? null,
      userId: rental?.user_id ?? null,
      applicationId: rental?.application_id ?? null,
      code,
    };
  });
}
