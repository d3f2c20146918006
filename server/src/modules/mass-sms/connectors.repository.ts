import type { Connector, ConnectorKind } from '@jiema/shared';
import type { Queryable } from '../../db/client';

/** A connector with its secrets, as the worker and the test tool need it (never answered as is). */
export type ConnectorRecord = {
  id: number;
  name: string;
  kind: ConnectorKind;
  enabled: boolean;
  priority: number;
  prefixes: string[];
  throughputPerSecond: number;
  defaultSenderId: string;
  config: Record<string, unknown>;
  password: string;
  webhookKey: string;
  state: Record<string, unknown> | null;
  createdAt: Date;
};

type Row = {
  id: number;
  name: string;
  kind: ConnectorKind;
  enabled: boolean;
  priority: number;
  prefixes: string[];
  throughput_per_second: number;
  default_sender_id: string;
  config: Record<string, unknown>;
  password: string;
  webhook_key: string;
  state: Record<string, unknown> | null;
  created_at: Date;
};

const toRecord = (row: Row): ConnectorRecord => ({
  id: Number(row.id),
  name: row.name,
  kind: row.kind,
  enabled: row.enabled,
  priority: row.priority,
  prefixes: row.prefixes ?? [],
  throughputPerSecond: row.throughput_per_second,
  defaultSenderId: row.default_sender_id,
  config: row.config ?? {},
  password: row.password,
  webhookKey: row.webhook_key,
  state: row.state,
  createdAt: new Date(row.created_at),
});

export async function listConnectorRecords(q: Queryable, options: { enabledOnly?: boolean } = {}) {
  const rows = await q.query<Row>(
    `select * from sms_connectors ${options.enabledOnly ? 'where enabled' : ''} order by priority, id`,
  );
  return rows.map(toRecord);
}

export async function findConnectorRecord(q: Queryable, id: number, lock = false) {
  const rows = await q.query<Row>(`select * from sms_connectors where id = $1${lock ? ' for update' : ''}`, [
    id,
  ]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export type ConnectorWrite = Omit<ConnectorRecord, 'id' | 'state' | 'createdAt'>;

export async function insertConnector(q: Queryable, c: ConnectorWrite): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into sms_connectors (name, kind, enabled, priority, prefixes, throughput_per_second, default_sender_id,
       config, password, webhook_key)
     values ($1, $2, $3, $4, $5::text[], $6, $7, $8::jsonb, $9, $10) returning id`,
    [
      c.name,
      c.kind,
      c.enabled,
      c.priority,
      c.prefixes,
      c.throughputPerSecond,
      c.defaultSenderId,
      JSON.stringify(c.config),
      c.password,
      c.webhookKey,
    ],
  );
  return rows[0]!.id;
}

export async function updateConnector(q: Queryable, id: number, c: ConnectorWrite) {
  await q.query(
    `update sms_connectors set name = $2, enabled = $3, priority = $4, prefixes = $5::text[],
       throughput_per_second = $6, default_sender_id = $7, config = $8::jsonb, password = $9, webhook_key = $10,
       updated_at = now()
     where id = $1`,
    [
      id,
      c.name,
      c.enabled,
      c.priority,
      c.prefixes,
      c.throughputPerSecond,
      c.defaultSenderId,
      JSON.stringify(c.config),
      c.password,
      c.webhookKey,
    ],
  );
}

export async function deleteConnector(q: Queryable, id: number) {
  await q.query('delete from sms_connectors where id = $1', [id]);
}

export async function saveConnectorState(q: Queryable, id: number, state: Record<string, unknown>) {
  await q.query('update sms_connectors set state = $2::jsonb where id = $1', [id, JSON.stringify(state)]);
}

/** Messages per connector and status in the last 24 hours. */
export async function last24hCounts(q: Queryable) {
  const rows = await q.query<{ connector_id: number; status: string; n: number }>(
    `select connector_id, status, count(*)::int as n from sms_outbound
      where connector_id is not null and submitted_at > now() - interval '24 hours'
      group by connector_id, status`,
  );
  const byConnector = new Map<number, Connector['last24h']>();
  for (const row of rows) {
    const counts = byConnector.get(Number(row.connector_id)) ?? {
      pending: 0,
      sent: 0,
      delivered: 0,
      failed: 0,
    };
    counts[row.status as keyof Connector['last24h']] = row.n;
    byConnector.set(Number(row.connector_id), counts);
  }
  return byConnector;
}
