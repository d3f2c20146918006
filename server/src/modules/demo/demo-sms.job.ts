import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ingestSms } from '../inbound/ingest';
import { type DemoApplication, demoSmsFor } from './demo-messages';

export type DemoSmsDelay = { minSeconds: number; maxSeconds: number };

/** A send that dies mid-way (a crash) is picked up again by any process once its lease runs out. */
const LEASE_SECONDS = 30;
const BATCH = 20;

/** The source of the simulated gateway's SMS; the rental makes the id, so each rental gets one. */
export const demoSource = (gatewayId: number) => `demo:${gatewayId}`;
export const demoExternalId = (rentalId: number) => `rental:${rentalId}`;

type DueRow = { rental_id: number; phone_number: string } & {
  app_code: string;
  app_name_en: string;
  sender_pattern: string;
};

/**
 * Schedules every new rental of a demo number (its due time a random 5–20 s after the purchase) and
 * leases the due ones, FOR UPDATE SKIP LOCKED: with several processes each rental is taken by one.
 * Only rentals still holding their number get an SMS, as a real phone would only deliver to it then.
 */
async function leaseDue(db: Db, delay: DemoSmsDelay): Promise<DueRow[]> {
  await db.query(
    `insert into demo_sms_schedule (rental_id, due_at)
     select r.id, r.starts_at + make_interval(secs => $1::int + floor(random() * ($2::int - $1::int + 1))::int)
     from phone_numbers p
     join rentals r on r.phone_number_id = p.id and r.status in ('active', 'inactive', 'suspended')
     where p.demo and not exists (select 1 from demo_sms_schedule s where s.rental_id = r.id)
     on conflict (rental_id) do nothing`,
    [delay.minSeconds, delay.maxSeconds],
  );
  return db.query<DueRow>(
    `with due as (
       select s.rental_id from demo_sms_schedule s
       where s.sent_at is null and s.due_at <= now() and (s.leased_until is null or s.leased_until < now())
       order by s.due_at limit ${BATCH}
       for update of s skip locked
     ),
     leased as (
       update demo_sms_schedule s set leased_until = now() + make_interval(secs => ${LEASE_SECONDS})
       from due where s.rental_id = due.rental_id
       returning s.rental_id
     )
     select r.id as rental_id, r.phone_number, a.code as app_code, a.name_en as app_name_en,
       a.sender_pattern
     from leased l join rentals r on r.id = l.rental_id join applications a on a.id = r.application_id`,
  );
}

/**
 * One round of the simulated gateway: each due demo rental gets a realistic SMS of its application
 * through `ingestSms`, the path of every real gateway (attribution, extraction, code link, live
 * events, webhooks all run for real). Returns the number sent. Tests call it directly.
 */
export async function sendDueDemoSms(db: Db, delay: DemoSmsDelay): Promise<number> {
  const [gateway] = await db.query<{ id: number }>(
    `select id from gateways where kind = 'demo' and demo and enabled order by id limit 1`,
  );
  if (!gateway) return 0;
  const due = await leaseDue(db, delay);
  for (const row of due) {
    const app: DemoApplication = {
      code: row.app_code,
      nameEn: row.app_name_en,
      senderPattern: row.sender_pattern,
    };
    const sms = demoSmsFor(app);
    // The unique (source, id) stores one SMS per rental, even if a lease ran out while this one was sent.
    const stored = await ingestSms(db, {
      gatewayId: gateway.id,
      source: demoSource(gateway.id),
      externalId: demoExternalId(row.rental_id),
      to: row.phone_number,
      from: sms.from,
      text: sms.text,
    });
    await db.query(
      'update demo_sms_schedule set sent_at = now(), sms_id = $2, leased_until = null where rental_id = $1',
      [row.rental_id, stored.smsId],
    );
  }
  if (due.length) await db.query('update gateways set last_seen_at = now() where id = $1', [gateway.id]);
  return due.length;
}

/**
 * Runs the simulated gateway every `intervalMs` (never two rounds of this process at once);
 * `stop()` waits for a round in progress, so the database is not closed under it.
 */
export function startDemoSmsJob(
  db: Db,
  options: { intervalMs: number; delay: DemoSmsDelay; log: FastifyBaseLogger },
) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sendDueDemoSms(db, options.delay)
      .then((sent) => {
        if (sent) options.log.info({ sent }, 'demo gateway: simulated SMS sent');
      })
      .catch((error) => options.log.error({ err: error }, 'demo gateway round failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
