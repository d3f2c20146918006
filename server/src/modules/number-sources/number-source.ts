import type { OrderDetail } from '@jiema/shared';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { endUpstreamSoon, openUpstreamOf, relayAnotherSms, relayCancel, relayFinish } from './upstream/relay';
import { buyFromProviders, type UpstreamBuy } from './upstream/upstream-purchase';

/**
 * Where numbers come from. The store and the compat APIs ask the sources, never a provider directly:
 *
 * - own stock: numbers the operator owns, sold by the store's one purchase statement
 *   (modules/store/purchase.repository.ts), their SMS from our gateways, their life in modules/rentals;
 * - upstream providers (upstream/): numbers bought from other platforms when our own stock has none,
 *   their SMS relayed into the same ingest path, their life relayed to the provider;
 * - (next) SIM-farm agents: another source of the same shape.
 *
 * A source offers (application, country) with a count and a price (own stock: `phone_numbers`; upstream:
 * the `upstream_stock` view of the providers' cached offers), takes one number for an order, and, when
 * the number's life is not ours alone, a lifecycle that relays another SMS, finish and cancel.
 */
export interface NumberSource<Take> {
  /** One number for an order, charged once with the order; null when this source has none. */
  take(request: Take): Promise<OrderDetail | null>;
  /** The relayed lifecycle of a rental this source serves while it is open, or null (ours alone). */
  lifecycleOf(rentalId: number): Promise<RelayedLifecycle | null>;
}

/** What the rentals service asks of a source whose numbers live elsewhere. */
export interface RelayedLifecycle {
  cancel(): Promise<void>;
  finish(): Promise<void>;
  anotherSms(userId: number): Promise<void>;
}

export type UpstreamSource = NumberSource<UpstreamBuy>;

export function upstreamSource(
  db: Db,
  config: Pick<Config, 'upstream' | 'storeCooldownMinutes'>,
): UpstreamSource {
  return {
    take: (request) => buyFromProviders(db, config, request),
    async lifecycleOf(rentalId) {
      const a = await openUpstreamOf(db, rentalId);
      if (!a) return null;
      return {
        cancel: () => relayCancel(db, config, a),
        finish: () => relayFinish(db, config, a),
        anotherSms: (userId) => relayAnotherSms(db, config, a, userId),
      };
    },
  };
}

/**
 * Rentals an administrator ended here (an order completed or cancelled), in the caller's transaction:
 * the sources whose numbers live elsewhere end them there too, soon and retried (a provider then
 * refunds us what it owes), instead of leaving them open upstream.
 */
export function endElsewhereToo(tx: Queryable, rentalIds: number[]): Promise<void> {
  return endUpstreamSoon(tx, rentalIds);
}
