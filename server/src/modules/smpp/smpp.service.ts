import type { SmppConfigInput, SmppGatewayView, SmppLiveState } from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Actor, audit } from '../audit/audit';
import {
  findSmppGateway,
  type SmppGatewayRow,
  saveSmppConfig,
  setSmppEnabled,
} from './smpp-gateways.repository';
import type { SmppSupervisor } from './supervisor';

const ENTITY = 'gateway';
/** A holder rewrites the state on every poll; this long without a word, nobody runs the bind. */
const STALE_AFTER_MS = 20_000;

const str = (value: unknown) => (typeof value === 'string' ? value : null);

export function liveStateOf(gateway: SmppGatewayRow, now = Date.now()): SmppLiveState {
  const state = gateway.state;
  const status = (['stopped', 'connecting', 'bound', 'reconnecting'] as const).find(
    (s) => s === state.status,
  );
  const updatedAt = str(state.updatedAt);
  const counters = (state.counters ?? {}) as Record<string, number>;
  const current = status ?? 'stopped';
  const stale = current !== 'stopped' && (!updatedAt || now - Date.parse(updatedAt) > STALE_AFTER_MS);
  return {
    status: current,
    holder: str(state.holder),
    nextAttemptAt: str(state.nextAttemptAt),
    lastError: str(state.lastError),
    lastErrorAt: str(state.lastErrorAt),
    boundAt: str(state.boundAt),
    counters,
    updatedAt,
    stale,
  };
}

/** The SMPP part of a gateway: its bind settings, start/stop (enabled) and live state. */
export function createSmppService({ db, supervisor }: { db: Db; supervisor: SmppSupervisor }) {
  const mustFind = async (id: number) => {
    const gateway = await findSmppGateway(db, id);
    if (!gateway) throw new AppError('GATEWAY_NOT_FOUND');
    if (gateway.kind !== 'smpp') throw new AppError('SMPP_NOT_SMPP_GATEWAY');
    return gateway;
  };
  const view = (gateway: SmppGatewayRow): SmppGatewayView => ({
    gatewayId: gateway.id,
    enabled: gateway.enabled,
    config: gateway.config,
    passwordSet: gateway.config !== null && gateway.password.length > 0,
    state: liveStateOf(gateway),
  });

  return {
    async get(id: number) {
      return view(await mustFind(id));
    },

    /** Saves the bind; a running connector rebinds with it on the next poll here (now) or elsewhere. */
    async saveConfig(actor: Actor, id: number, input: SmppConfigInput) {
      const { password, ...config } = input;
      const before = await mustFind(id);
      if (!before.config && !password) throw new AppError('SMPP_NOT_CONFIGURED');
      await db.transaction(async (tx) => {
        await saveSmppConfig(tx, id, config, password || undefined);
        await audit(tx, actor, {
          action: 'smpp-config',
          entity: ENTITY,
          entityId: id,
          before: before.config,
          after: { ...config, passwordChanged: Boolean(password) },
        });
      });
      await supervisor.refresh();
      return view(await mustFind(id));
    },

    async setRunning(actor: Actor, id: number, running: boolean) {
      const gateway = await mustFind(id);
      if (running && !gateway.config) throw new AppError('SMPP_NOT_CONFIGURED');
      await db.transaction(async (tx) => {
        await setSmppEnabled(tx, id, running);
        await audit(tx, actor, {
          action: running ? 'smpp-start' : 'smpp-stop',
          entity: ENTITY,
          entityId: id,
        });
      });
      await supervisor.refresh();
      return view(await mustFind(id));
    },
  };
}
