import type { Db } from '../../db/client';

/**
 * Takes up to `want` send tokens from a connector's bucket shared by every worker process: refilled at
 * `ratePerSecond` since its last take, holding at most `burst`. The row is locked for the statement, so
 * concurrent takers are served one after the other from what is left. Returns how many were granted.
 */
export async function takeSendTokens(
  db: Db,
  connectorId: number,
  ratePerSecond: number,
  burst: number,
  want: number,
): Promise<number> {
  const [row] = await db.query<{ granted: number }>(
    `with cur as (
       select connector_id,
              least($3::float8, tokens + greatest(0, extract(epoch from clock_timestamp() - refilled_at)) * $2::float8) as available
         from sms_connector_rates where connector_id = $1
          for update
     )
     update sms_connector_rates r
        set tokens = cur.available - least($4::int, floor(cur.available)), refilled_at = clock_timestamp()
       from cur where r.connector_id = cur.connector_id
     returning least($4::int, floor(cur.available))::int as granted`,
    [connectorId, ratePerSecond, burst, want],
    { prepare: 'mass-sms-rate-take' },
  );
  return row?.granted ?? 0;
}

/** The connector's bucket row, full, unless one exists (any process may create it first). */
export async function ensureSendRate(db: Db, connectorId: number, burst: number) {
  await db.query(
    `insert into sms_connector_rates (connector_id, tokens, refilled_at) values ($1, $2, clock_timestamp())
     on conflict (connector_id) do nothing`,
    [connectorId, burst],
  );
}
