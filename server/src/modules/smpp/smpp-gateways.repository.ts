import { type SmppConfig, ZSmppConfig } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { setGatewayState } from '../inbound/gateways.repository';
import type { LinkState } from './link-types';
import type { ConnectorSpec } from './supervisor';

/** An SMPP gateway as this module needs it: the bind settings, the password (its secret) and the live state. */
export type SmppGatewayRow = {
  id: number;
  kind: string;
  enabled: boolean;
  config: SmppConfig | null;
  password: string;
  state: Record<string, unknown>;
};

type Row = { id: number; kind: string; enabled: boolean; config: unknown; secret: string; state: unknown };

const asObject = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;

function toGateway(row: Row): SmppGatewayRow {
  const config = asObject(row.config);
  // A gateway whose bind was never saved has no host: it is not configured yet.
  const parsed = 'host' in config ? ZSmppConfig.safeParse(config) : null;
  return {
    id: row.id,
    kind: row.kind,
    enabled: row.enabled,
    config: parsed?.success ? parsed.data : null,
    password: row.secret,
    state: asObject(row.state),
  };
}

export async function findSmppGateway(q: Queryable, id: number): Promise<SmppGatewayRow | null> {
  const [row] = await q.query<Row>(
    'select id, kind, enabled, config, secret, state from gateways where id = $1',
    [id],
  );
  return row ? toGateway(row) : null;
}

/** Enabled SMPP gateways with a saved bind, as the supervisor runs them. */
export async function listSmppConnectors(q: Queryable): Promise<ConnectorSpec[]> {
  const rows = await q.query<Row>(
    "select id, kind, enabled, config, secret, state from gateways where kind = 'smpp' order by id",
  );
  return rows.flatMap((row) => {
    const gateway = toGateway(row);
    if (!gateway.config) return [];
    const { host, port, systemId, systemType, bindMode, enquireLinkSeconds, addressRange } = gateway.config;
    return [
      {
        id: String(gateway.id),
        enabled: gateway.enabled,
        config: {
          host,
          port,
          systemId,
          password: gateway.password,
          systemType,
          bindMode,
          addressRange,
          enquireLinkMs: enquireLinkSeconds * 1000,
        },
      },
    ];
  });
}

/** Saves the bind into the gateway's config (other keys kept) and, when given, the password as its secret. */
export async function saveSmppConfig(
  q: Queryable,
  id: number,
  config: SmppConfig,
  password: string | undefined,
) {
  await q.query(
    `update gateways set config = config || $2::jsonb, secret = coalesce($3, secret), updated_at = now()
     where id = $1`,
    [id, JSON.stringify(config), password ?? null],
  );
}

export async function setSmppEnabled(q: Queryable, id: number, enabled: boolean) {
  await q.query('update gateways set enabled = $2, updated_at = now() where id = $1', [id, enabled]);
}

/** The holder's live state, merged into gateways.state (the column the gateway screen lists). */
export async function saveSmppState(
  q: Queryable,
  connectorId: string,
  holder: string | null,
  state: LinkState,
) {
  await setGatewayState(q, Number(connectorId), { ...state, holder, updatedAt: new Date().toISOString() });
}
