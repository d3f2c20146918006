import type { Db } from '../../db/client';
import { HELD_MANY_SQL } from './holding-rentals';

/** An SMS with a source id, attributed and extracted, with the fingerprint of the holding that was decided on. */
export type DecidedSms = {
  phoneNumber: string;
  rentalId: number | null;
  applicationId: number | null;
  sender: string;
  text: string;
  code: string | null;
  source: string;
  externalId: string;
  receivedAt: Date;
  gatewayId: number | null;
  voice: boolean;
  fingerprint: string;
  /**
   * Stored only if the receiving number's stock row has this source (a SIM-farm agent pushes SMS only
   * for the numbers it gave us), checked in the same statement as the insert; null: no condition.
   */
  numberSource: string | null;
};

/**
 * `inserted`: stored and committed. `moved`: the rentals of its number changed since the decision (not
 * stored). `exists`: a copy with the same (source, id) is stored. `foreign`: the number's stock row does
 * not have the required `numberSource` (not stored). `alone`: the batch failed as a whole (a deadlock
 * with a cancel, a bad value in another SMS): not stored, to be tried on its own.
 */
export type BatchOutcome =
  | { kind: 'inserted'; id: number }
  | { kind: 'moved' }
  | { kind: 'exists' }
  | { kind: 'foreign' }
  | { kind: 'alone' };

/**
 * The insert of a whole batch in ONE statement, hence one commit: the rentals holding any of its numbers
 * are locked FOR SHARE until the SMS are committed (a cancel or the no-SMS sweep, FOR UPDATE, waits and
 * then sees the SMS; ingest.ts), the fingerprint of each number is recomputed under those locks, and each
 * SMS is inserted only if its number's fingerprint equals the one its attribution was decided on.
 */
const INSERT_MANY_SQL = `with input as (
    select * from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
        $8::text[], $9::timestamptz[], $10::int[], $11::boolean[], $12::text[], $13::text[]) with ordinality
      as s(number, rental_id, application_id, sender, text, code, source, external_id, received_at, gateway_id,
        voice, fingerprint, number_source, ord)),
  held as (${HELD_MANY_SQL} for share of r),
  checked as (
    select u.number, coalesce(string_agg(h.part, ',' order by h.id), '') as fingerprint
    from (select distinct number from input) u left join held h on h.number = u.number
    group by u.number),
  inserted as (
    insert into sms_messages (rental_id, phone_number_id, phone_number, application_id, sender, text, code,
      source, external_id, received_at, gateway_id, voice)
    select i.rental_id, n.id, i.number, i.application_id, i.sender, i.text, i.code,
      i.source, i.external_id, i.received_at, i.gateway_id, i.voice
    from input i
    join checked c on c.number = i.number and c.fingerprint = i.fingerprint
    left join phone_numbers n on n.number = i.number
    where i.number_source is null or n.source = i.number_source
    order by i.ord
    on conflict (source, external_id) do nothing
    returning id, source, external_id)
  select (select json_agg(json_build_array(number, fingerprint)) from checked)::text as fingerprints,
    (select coalesce(json_agg(json_build_array(id, source, external_id)), '[]') from inserted)::text as inserted,
    (select coalesce(json_agg(i.ord), '[]') from input i left join phone_numbers n on n.number = i.number
      where i.number_source is not null and n.source is distinct from i.number_source)::text as foreign_ords`;

/** SMS per statement at most. */
const MAX_BATCH = 200;
/**
 * Batch statements in flight at once per process. While they run, new SMS wait for the next batch: the
 * busier the webhooks, the larger the batches and the fewer commits (PostgreSQL's CPU per SMS falls).
 */
const MAX_IN_FLIGHT = 2;

type Waiting = { sms: DecidedSms; resolve: (outcome: BatchOutcome) => void };

const keyOf = (sms: DecidedSms) => `${sms.source}\u0000${sms.externalId}`;

/**
 * Inserts the SMS that arrive while the previous batches run in one statement per batch. Each caller's
 * promise resolves only once the statement holding its SMS has committed. Two SMS with the same
 * (source, id) never share a batch: the later one waits for the next and then finds the first stored.
 */
function createInsertBatcher(db: Db) {
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  const take = (): Waiting[] => {
    const batch: Waiting[] = [];
    const keys = new Set<string>();
    const rest: Waiting[] = [];
    for (const waiting of queue) {
      const key = keyOf(waiting.sms);
      if (batch.length < MAX_BATCH && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    queue = rest;
    return batch;
  };

  const run = async (batch: Waiting[]) => {
    const column = <T>(pick: (sms: DecidedSms) => T) => batch.map((w) => pick(w.sms));
    let rows: { fingerprints: string; inserted: string; foreign_ords: string }[];
    try {
      rows = await db.query(
        INSERT_MANY_SQL,
        [
          column((s) => s.phoneNumber),
          column((s) => s.rentalId),
          column((s) => s.applicationId),
          column((s) => s.sender),
          column((s) => s.text),
          column((s) => s.code),
          column((s) => s.source),
          column((s) => s.externalId),
          column((s) => s.receivedAt),
          column((s) => s.gatewayId),
          column((s) => s.voice),
          column((s) => s.fingerprint),
          column((s) => s.numberSource),
        ],
        { prepare: 'inbound_insert_sms_batch' },
      );
      const fingerprintOf = new Map<string, string>(JSON.parse(rows[0]!.fingerprints));
      const idOf = new Map<string, number>();
      for (const [id, source, externalId] of JSON.parse(rows[0]!.inserted) as [number, string, string][])
        idOf.set(`${source}\u0000${externalId}`, id);
      const foreign = new Set<number>(JSON.parse(rows[0]!.foreign_ords));
      for (const [i, { sms, resolve }] of batch.entries()) {
        const id = idOf.get(keyOf(sms));
        if (id !== undefined) resolve({ kind: 'inserted', id });
        else if (foreign.has(i + 1)) resolve({ kind: 'foreign' });
        else if (fingerprintOf.get(sms.phoneNumber) !== sms.fingerprint) resolve({ kind: 'moved' });
        else resolve({ kind: 'exists' });
      }
    } catch {
      // Already resolved promises ignore this; the others are tried alone (a stored one is then found).
      for (const waiting of batch) waiting.resolve({ kind: 'alone' });
    }
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < MAX_IN_FLIGHT) {
      const batch = take();
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  };

  // After this turn's I/O (setImmediate), so that the webhooks read in the same turn share a statement.
  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  return {
    insert: (sms: DecidedSms) =>
      new Promise<BatchOutcome>((resolve) => {
        queue.push({ sms, resolve });
        schedule();
      }),
  };
}

const batchers = new WeakMap<Db, ReturnType<typeof createInsertBatcher>>();

/** Inserts one SMS as part of the current batch of `db` (see createInsertBatcher). */
export function insertInBatch(db: Db, sms: DecidedSms): Promise<BatchOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createInsertBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.insert(sms);
}
