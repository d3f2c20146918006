import { type Gateway, type GatewayKind, type GatewayListQuery, webhookPathOf } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

type GatewayRow = {
  id: number;
  kind: GatewayKind;
  name: string;
  secret: string;
  enabled: boolean;
  demo: boolean;
  config: Record<string, unknown>;
  state: Record<string, unknown>;
  last_seen_at: Date | null;
  received_today: number;
  rejected_today: number;
  last_rejection_reason: string | null;
  last_rejection_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** "Today" is the server's UTC day, like the other daily counters of the admin screens. */
const SELECT = `select g.id, g.kind, g.name, g.secret, g.enabled, g.demo, g.config, g.state, g.last_seen_at,
    g.created_at, g.updated_at,
    (select count(*)::int from sms_messages m
       where m.gateway_id = g.id and m.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as received_today,
    (select coalesce(sum(x.repeats), 0)::int from gateway_rejections x
       where x.gateway_id = g.id and x.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as rejected_today,
    lr.reason as last_rejection_reason, lr.created_at as last_rejection_at
  from gateways g
  left join lateral (select reason, created_at from gateway_rejections x where x.gateway_id = g.id
    order by created_at desc limit 1) lr on true`;

const SORTABLE: Record<string, string> = {
  id: 'g.id',
  name: 'g.name',
  kind: 'g.kind',
  lastSeenAt: 'g.last_seen_at',
  createdAt: 'g.created_at',
};

const toGateway = (row: GatewayRow): Gateway => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  enabled: row.enabled,
  demo: row.demo,
  config: row.config ?? {},
  state: row.state ?? {},
  webhookPath: webhookPathOf(row.id),
  lastSeenAt: row.last_seen_at?.toISOString() ?? null,
  receivedToday: row.received_today,
  rejectedToday: row.rejected_today,
  lastRejection: row.last_rejection_reason
    ? { reason: row.last_rejection_reason, at: row.last_rejection_at!.toISOString() }
    : null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function listGateways(q: Queryable, query: GatewayListQuery) {
  const filter = new SqlFilter();
  if (query.keyword) filter.add('g.name ilike ?', `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`);
  filter.addIf(query.kind, 'g.kind = ?', query.kind);
  const [rows, count] = await Promise.all([
    q.query<GatewayRow>(
      `${SELECT} ${filter.where} ${orderBy(query, SORTABLE, 'g.id desc', 'g.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from gateways g ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: rows.map(toGateway), total: count[0]?.total ?? 0 };
}

export async function findGateway(q: Queryable, id: number): Promise<Gateway | null> {
  const [row] = await q.query<GatewayRow>(`${SELECT} where g.id = $1`, [id]);
  return row ? toGateway(row) : null;
}

/** What a webhook needs, by a cheap lookup on the primary key (prepared: one per request). */
export async function findGatewayForWebhook(q: Queryable, id: number) {
  const [row] = await q.query<Pick<GatewayRow, 'id' | 'kind' | 'secret' | 'enabled' | 'config'>>(
    'select id, kind, secret, enabled, config from gateways where id = $1',
    [id],
    { prepare: 'inbound_gateway_by_id' },
  );
  return row ?? null;
}

export async function insertGateway(
  q: Queryable,
  input: {
    kind: GatewayKind;
    name: string;
    secret: string;
    enabled: boolean;
    demo?: boolean;
    config: object;
  },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into gateways (kind, name, secret, enabled, demo, config) values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
    [input.kind, input.name, input.secret, input.enabled, input.demo ?? false, JSON.stringify(input.config)],
  );
  return row!.id;
}

export async function updateGateway(
  q: Queryable,
  id: number,
  input: { name?: string; enabled?: boolean; config?: object },
) {
  await q.query(
    `update gateways set name = coalesce($2, name), enabled = coalesce($3, enabled),
       config = coalesce($4::jsonb, config), updated_at = now() where id = $1`,
    [id, input.name ?? null, input.enabled ?? null, input.config ? JSON.stringify(input.config) : null],
  );
}

export async function setGatewaySecret(q: Queryable, id: number, secret: string) {
  await q.query('update gateways set secret = $2, updated_at = now() where id = $1', [id, secret]);
}

export async function deleteGateway(q: Queryable, id: number) {
  await q.query('delete from gateways where id = $1', [id]);
}

/** Live state of a connection-holding gateway (smpp): merged into what is there. */
export async function setGatewayState(q: Queryable, id: number, state: Record<string, unknown>) {
  await q.query(`update gateways set state = state || $2::jsonb where id = $1`, [id, JSON.stringify(state)]);
}

/** Last seen, written at most every few seconds so a busy gateway's row is not a hot spot. */
export async function touchGateway(q: Queryable, id: number) {
  await q.query(
    `update gateways set last_seen_at = now()
     where id = $1 and (last_seen_at is null or last_seen_at < now() - interval '5 seconds')`,
    [id],
    { prepare: 'inbound_touch_gateway' },
  );
}

/**
 * Counts a refused webhook on its gateway's row for the reason and the minute (0106): a flood of
 * refusals grows the table by one row per reason a minute, not one per request.
 */
export async function insertRejection(q: Queryable, gatewayId: number, reason: string) {
  await q.query(
    `insert into gateway_rejections (gateway_id, reason, bucket) values ($1, $2, date_trunc('minute', now()))
     on conflict (gateway_id, reason, bucket)
     do update set repeats = gateway_rejections.repeats + 1, created_at = now()`,
    [gatewayId, reason],
    { prepare: 'inbound_count_rejection' },
  );
}
