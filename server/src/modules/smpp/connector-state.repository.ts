import type { Queryable } from '../../db/client';
import type { LinkState, LinkStatus } from './link-types';

export type ConnectorStateRow = {
  connectorId: string;
  holder: string | null;
  status: LinkStatus;
  nextAttemptAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  boundAt: string | null;
  counters: Record<string, number>;
  updatedAt: string;
};

export async function saveConnectorState(
  db: Queryable,
  connectorId: string,
  holder: string | null,
  state: LinkState,
) {
  await db.query(
    `insert into smpp_connector_state
       (connector_id, holder, status, next_attempt_at, last_error, last_error_at, bound_at, counters, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, now())
     on conflict (connector_id) do update set
       holder = excluded.holder, status = excluded.status, next_attempt_at = excluded.next_attempt_at,
       last_error = excluded.last_error, last_error_at = excluded.last_error_at, bound_at = excluded.bound_at,
       counters = excluded.counters, updated_at = now()`,
    [
      connectorId,
      holder,
      state.status,
      state.nextAttemptAt,
      state.lastError,
      state.lastErrorAt,
      state.boundAt,
      JSON.stringify(state.counters),
    ],
  );
}

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);

export async function readConnectorStates(
  db: Queryable,
  connectorIds: string[],
): Promise<Map<string, ConnectorStateRow>> {
  if (connectorIds.length === 0) return new Map();
  const rows = await db.query<Record<string, unknown>>(
    `select connector_id, holder, status, next_attempt_at, last_error, last_error_at, bound_at, counters, updated_at
       from smpp_connector_state where connector_id = any($1::text[])`,
    [connectorIds],
  );
  return new Map(
    rows.map((row) => [
      String(row.connector_id),
      {
        connectorId: String(row.connector_id),
        holder: (row.holder as string | null) ?? null,
        status: row.status as LinkStatus,
        nextAttemptAt: iso(row.next_attempt_at),
        lastError: (row.last_error as string | null) ?? null,
        lastErrorAt: iso(row.last_error_at),
        boundAt: iso(row.bound_at),
        counters: (typeof row.counters === 'string' ? JSON.parse(row.counters) : row.counters) as Record<
          string,
          number
        >,
        updatedAt: iso(row.updated_at)!,
      },
    ]),
  );
}
