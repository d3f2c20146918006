import type { Queryable } from '../../../db/client';

export type ReadingRow = {
  id: number;
  account: string;
  balance: string;
  ledger_net: string;
  read_at: Date;
  seen_until: Date;
  reads: number;
  actual: string | null;
  expected: string | null;
  unexplained: string | null;
  open_amount: string;
  discrepancy: string;
  credit: string;
};

const COLUMNS = `r.id::int as id, r.account, r.balance::text as balance, r.ledger_net::text as ledger_net, r.read_at,
  r.seen_until, r.reads, r.actual::text as actual, r.expected::text as expected, r.unexplained::text as unexplained,
  r.open_amount::text as open_amount, r.discrepancy::text as discrepancy, r.credit::text as credit`;

/**
 * Readings of one provider are written one at a time (its row locked for the transaction), so two
 * processes reading its balance at once (the refresh and "Test") append in one order. Also: which
 * account is read (another base URL, key or currency starts a new series), our cost ledger's position
 * now in the provider's currency (refunded − paid), and the clock after the lock, so readings are in
 * time order as they are in id order.
 */
export async function lockForReading(q: Queryable, providerId: number) {
  const [row] = await q.query<{ account: string; ledger_net: string; now: Date }>(
    `select md5(p.base_url || '|' || p.api_key || '|' || p.currency) as account,
       coalesce((select sum(case when e.kind = 'refunded' then e.amount else -e.amount end)
         from upstream_cost_entries e where e.provider_id = p.id), 0)::text as ledger_net,
       clock_timestamp() as now
     from upstream_providers p where p.id = $1 for update of p`,
    [providerId],
  );
  return row ?? null;
}

export async function lastReading(q: Queryable, providerId: number) {
  const [row] = await q.query<ReadingRow>(
    `select ${COLUMNS} from upstream_balance_readings r where r.provider_id = $1 order by r.id desc limit 1`,
    [providerId],
  );
  return row ?? null;
}

/** The same balance and ledger as the last reading: that reading holds until now. */
export async function confirmReading(q: Queryable, id: number, now: Date) {
  await q.query(`update upstream_balance_readings set seen_until = $2, reads = reads + 1 where id = $1`, [
    id,
    now,
  ]);
}

export async function insertReading(
  q: Queryable,
  providerId: number,
  r: {
    account: string;
    balance: string;
    ledgerNet: string;
    now: Date;
    interval: { actual: string; expected: string; unexplained: string; open: string } | null;
  },
) {
  await q.query(
    `insert into upstream_balance_readings (provider_id, account, balance, ledger_net, read_at, seen_until, actual,
       expected, unexplained, open_amount)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8, coalesce($9::numeric, 0))`,
    [
      providerId,
      r.account,
      r.balance,
      r.ledgerNet,
      r.now,
      r.interval?.actual ?? null,
      r.interval?.expected ?? null,
      r.interval?.unexplained ?? null,
      r.interval?.open ?? null,
    ],
  );
}

/** Unexplained changes not offset yet whose reading is at or after `since`, oldest first. */
export function openSince(q: Queryable, providerId: number, account: string, since: Date) {
  return q.query<{ id: number; open_amount: string }>(
    `select id::int as id, open_amount::text as open_amount from upstream_balance_readings
     where provider_id = $1 and account = $2 and open_amount <> 0 and read_at >= $3 order by id`,
    [providerId, account, since],
  );
}

export async function setOpen(q: Queryable, id: number, open: string) {
  await q.query('update upstream_balance_readings set open_amount = $2 where id = $1', [id, open]);
}

/**
 * Open amounts that no later interval can offset any more (their reading is older than `before`)
 * are settled: a negative one is a discrepancy, a positive one a credit.
 */
export async function settleBefore(q: Queryable, providerId: number, before: Date) {
  await q.query(
    `update upstream_balance_readings set discrepancy = discrepancy + greatest(-open_amount, 0),
       credit = credit + greatest(open_amount, 0), open_amount = 0
     where provider_id = $1 and open_amount <> 0 and read_at < $2`,
    [providerId, before],
  );
}

export type ReconciliationTotals = {
  readings: number;
  first_id: number | null;
  discrepancy: string;
  credit: string;
  pending_negative: string;
  pending_positive: string;
};

/** Sums of the readings since `since`, for the summary. */
export async function totalsSince(q: Queryable, providerId: number, since: Date) {
  const [row] = await q.query<ReconciliationTotals>(
    `select count(*)::int as readings, min(id)::int as first_id,
       coalesce(sum(discrepancy), 0)::text as discrepancy, coalesce(sum(credit), 0)::text as credit,
       coalesce(sum(greatest(-open_amount, 0)), 0)::text as pending_negative,
       coalesce(sum(greatest(open_amount, 0)), 0)::text as pending_positive
     from upstream_balance_readings where provider_id = $1 and read_at >= $2`,
    [providerId, since],
  );
  return row!;
}

export async function readingById(q: Queryable, id: number) {
  const [row] = await q.query<ReadingRow>(
    `select ${COLUMNS} from upstream_balance_readings r where r.id = $1`,
    [id],
  );
  return row ?? null;
}

/** The newest intervals (readings that end one) since `since`, with when the previous reading held until. */
export function intervalsSince(q: Queryable, providerId: number, since: Date, limit: number) {
  return q.query<ReadingRow & { from_at: Date; from_balance: string }>(
    `select ${COLUMNS}, p.seen_until as from_at, p.balance::text as from_balance
     from upstream_balance_readings r
     join lateral (
       select x.seen_until, x.balance from upstream_balance_readings x
       where x.provider_id = r.provider_id and x.id < r.id order by x.id desc limit 1
     ) p on true
     where r.provider_id = $1 and r.read_at >= $2 and r.unexplained is not null
     order by r.id desc limit $3`,
    [providerId, since, limit],
  );
}

/** Per provider, the discrepancy settled in its readings since `since` (for the providers list). */
export function discrepanciesSince(q: Queryable, since: Date) {
  return q.query<{ provider_id: number; discrepancy: string }>(
    `select provider_id, sum(discrepancy)::text as discrepancy from upstream_balance_readings
     where read_at >= $1 and discrepancy > 0 group by provider_id`,
    [since],
  );
}
