import type { Db } from '../../db/client';
import { createExactCache } from '../../lib/exact-cache';
import { findGatewayForWebhook, touchGateway } from './gateways.repository';

/** The channel the trigger of migration 0070 announces changed or deleted gateways on (payload: its id). */
export const GATEWAY_CHANGES_CHANNEL = 'jiema_gateways';

/**
 * Gateway writes of this process, counted after their commit (gateways.service.ts): a lookup kept in
 * memory is exact only while the count has not moved. Not `Db.writeEpoch`: every stored SMS moves that
 * one, and the gateway of a busy webhook would then never be remembered.
 */
let gatewayWrites = 0;
export const gatewaysWritten = () => {
  gatewayWrites += 1;
};

/** How often this process writes a gateway's last-seen time at most (the statement itself keeps 5 s). */
const TOUCH_EVERY_MS = 1000;

/**
 * What a webhook needs of its gateway (kind, secret, enabled, config), from memory while exact
 * (lib/exact-cache.ts: the trigger announces every change of those columns, from any process), and its
 * last-seen time written at most once a second per process instead of on every SMS.
 */
export function createGatewayLookup({ db, ttlMs }: { db: Db; ttlMs: number }) {
  const cache = createExactCache<NonNullable<Awaited<ReturnType<typeof findGatewayForWebhook>>>>({
    db,
    channel: GATEWAY_CHANGES_CHANNEL,
    ttlMs,
    maxEntries: 10_000,
    epoch: () => gatewayWrites,
  });
  const touchedAt = new Map<number, number>();
  return {
    start: () => cache.start(),
    stop: () => cache.stop(),
    find: (id: number) =>
      cache.get(
        String(id),
        () => findGatewayForWebhook(db, id),
        (gateway) => gateway.id,
      ),
    async touch(id: number) {
      const now = Date.now();
      if (now - (touchedAt.get(id) ?? 0) < TOUCH_EVERY_MS) return;
      touchedAt.set(id, now);
      if (touchedAt.size > 10_000) touchedAt.clear();
      await touchGateway(db, id);
    },
  };
}
export type GatewayLookup = ReturnType<typeof createGatewayLookup>;
