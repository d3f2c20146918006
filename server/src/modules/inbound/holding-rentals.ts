import type { Db, Queryable } from '../../db/client';
import type { HoldingRental } from './attribution';

/**
 * The rentals holding a number, as attribution needs them, and their fingerprint: one text that changes
 * whenever anything attribution or extraction reads changes (a rental ending or starting, a transfer, an
 * application's or the user's pattern, the order's SMS type). The insert of an SMS recomputes it under
 * FOR SHARE locks in the same statement (ingest.ts), so what was decided in JavaScript on an
 * earlier read is stored only if that read still holds; that is why the read may come from memory.
 */
export type Holding = { rentals: HoldingRental[]; fingerprint: string };

const HELD_COLUMNS = `r.id, r.user_id, r.application_id, a.sender_pattern, a.keyword_pattern, a.code_pattern,
    p.pattern as user_pattern, (o.sms_type = 'voice') as voice,
    md5(concat_ws(chr(31), r.id, r.user_id, r.application_id, a.sender_pattern, a.keyword_pattern, a.code_pattern,
      coalesce(p.pattern, chr(30)), o.sms_type)) as part`;
const HELD_FROM = `from phone_numbers n
  join rentals r on r.phone_number_id = n.id
  join applications a on a.id = r.application_id
  join store_orders o on o.id = r.order_id
  left join user_code_patterns p on p.user_id = r.user_id and p.application_id = r.application_id`;
const HOLDS_NOW = `r.status in ('active', 'inactive', 'suspended') and r.expires_at > now()`;

/** The rentals of the number `$1` that can receive an SMS now, each with its fingerprint part. */
export const HELD_SQL = `select ${HELD_COLUMNS}
  ${HELD_FROM}
  where n.number = $1 and ${HOLDS_NOW}`;

/**
 * The same for the numbers of the text array `$1`, each row with its `number`, in rental id order (so
 * that `for share` takes the locks of one batch in one order, as every other statement locking rentals
 * one by one in id order would).
 */
export const HELD_MANY_SQL = `select n.number, ${HELD_COLUMNS}
  ${HELD_FROM}
  where n.number = any($1::text[]) and ${HOLDS_NOW}
  order by r.id`;

/** The fingerprint of the rows of a `held` CTE built from HELD_SQL. */
export const FINGERPRINT_OF_HELD = `coalesce(string_agg(held.part, ',' order by held.id), '')`;

// A plain `select` (not `with`): the database client counts it as a read, not a write.
const READ_SQL = `select coalesce(json_agg(held order by held.id), '[]'::json) as rentals,
    ${FINGERPRINT_OF_HELD} as fingerprint
  from (${HELD_SQL}) held`;

/** Reads the holding rentals of a number (one round trip, no lock). */
export async function readHolding(q: Queryable, phoneNumber: string): Promise<Holding> {
  const [row] = await q.query<{ rentals: HoldingRental[] | string; fingerprint: string }>(
    READ_SQL,
    [phoneNumber],
    {
      prepare: 'inbound_read_holding',
    },
  );
  const rentals = typeof row!.rentals === 'string' ? JSON.parse(row!.rentals) : row!.rentals;
  return { rentals, fingerprint: row!.fingerprint };
}

const KEEP_MS = 10_000;
const MAX_NUMBERS = 20_000;
type Remembered = Holding & { at: number };
const memoryOf = new WeakMap<Db, Map<string, Remembered>>();

/**
 * The last holding read of each number, per database, for a few seconds: most SMS of a number come
 * while its rentals stay the same, and a stale entry costs only a retry (the insert checks the
 * fingerprint), never a wrong attribution.
 */
export const holdingMemory = {
  get(db: Db, phoneNumber: string): Holding | null {
    const entry = memoryOf.get(db)?.get(phoneNumber);
    if (!entry || Date.now() - entry.at > KEEP_MS) return null;
    return entry;
  },
  set(db: Db, phoneNumber: string, holding: Holding) {
    let memory = memoryOf.get(db);
    if (!memory) {
      memory = new Map();
      memoryOf.set(db, memory);
    }
    if (memory.size >= MAX_NUMBERS) memory.clear();
    memory.set(phoneNumber, { ...holding, at: Date.now() });
  },
  forget(db: Db, phoneNumber: string) {
    memoryOf.get(db)?.delete(phoneNumber);
  },
};
