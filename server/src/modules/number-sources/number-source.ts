import type { OrderDetail } from '@jiema/shared';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { type AgentCandidate, agentCandidates } from './agents/agent-activations.repository';
import { agentLifecycleOf } from './agents/agent-endings';
import { takeFromAgents } from './agents/agent-purchase';
import { type RouteCandidate, routeCandidates } from './upstream/providers.repository';
import { endUpstreamSoon, openUpstreamOf, relayAnotherSms, relayCancel, relayFinish } from './upstream/relay';
import { buyFromProviders, type UpstreamBuy } from './upstream/upstream-purchase';

/**
 * Where numbers come from. The store and the compat APIs ask the sources, never a provider directly:
 *
 * - own stock: numbers the operator owns, sold by the store's one purchase statement
 *   (modules/store/purchase.repository.ts), their SMS from our gateways, their life in modules/rentals;
 * - upstream providers (upstream/): numbers bought from other platforms when our own stock has none,
 *   their SMS relayed into the same ingest path, their life relayed to the provider;
 * - SIM-farm agents (agents/): farms speaking the SMSHub agent protocol, Jiema on the hub's side; their
 *   quantities polled, a number asked for (GET_NUMBER) when our own stock has none, their SMS pushed
 *   to us into the same ingest path, each activation's end reported to them (FINISH_ACTIVATION).
 *
 * A source offers (application, country) with a count and a price (own stock: `phone_numbers`; providers
 * and agents: the `upstream_stock` view of their cached offers and quantities), takes one number for an order, and, when
 * the number's life is not ours alone, a lifecycle that relays another SMS, finish and cancel.
 */
export interface NumberSource<Take, Offers> {
  /** Who offers (application, country) now, and on what terms: read once per purchase, handed to `take`. */
  offers(applicationId: number, countryCode: string): Promise<Offers>;
  /** One number for an order, charged once with the order; null when this source has none. */
  take(request: Take, offers: Offers): Promise<OrderDetail | null>;
  /** The relayed lifecycle of a rental this source serves while it is open, or null (ours alone). */
  lifecycleOf(rentalId: number): Promise<RelayedLifecycle | null>;
}

/** What the rentals service asks of a source whose numbers live elsewhere. */
export interface RelayedLifecycle {
  cancel(): Promise<void>;
  finish(): Promise<void>;
  anotherSms(userId: number): Promise<void>;
}

/** The providers and the agents offering one (application, country). */
export type OutsideOffers = { agents: AgentCandidate[]; providers: RouteCandidate[] };

export type UpstreamSource = NumberSource<UpstreamBuy, OutsideOffers>;

/**
 * Which of the two outside sources is asked first for (application, country): the one whose best
 * candidate has the higher priority (the providers' routing policy; agents and providers share the
 * priority scale), an agent on a tie (the farm itself, no middleman's margin). Null: no agent offers it.
 */
function agentsFirst(agents: { priority: number }[], providers: { priority: number }[]) {
  if (agents.length === 0) return null;
  if (providers.length === 0) return true;
  const top = (rows: { priority: number }[]) => Math.max(...rows.map((r) => r.priority));
  return top(agents) >= top(providers);
}

/**
 * Numbers from elsewhere when our own stock has none: upstream providers and SIM-farm agents, in the
 * routing order, within one purchase budget. `agents` config absent (the rentals service, which only
 * relays lifecycles): providers only for `take`.
 */
export function upstreamSource(
  db: Db,
  config: Pick<Config, 'upstream' | 'storeCooldownMinutes'> & Partial<Pick<Config, 'agents'>>,
): UpstreamSource {
  return {
    async offers(applicationId, countryCode) {
      // Both sources' candidates at once.
      const [agents, providers] = await Promise.all([
        config.agents ? agentCandidates(db, applicationId, countryCode) : [],
        routeCandidates(db, applicationId, countryCode),
      ]);
      return { agents, providers };
    },
    async take(request, { agents, providers }) {
      const deadline = Date.now() + config.upstream.buyBudgetMs;
      const agentsConfig = config.agents;
      const fromProviders = () => buyFromProviders(db, config, request, providers);
      const first = agentsFirst(agents, providers);
      if (first === null || !agentsConfig) return fromProviders();
      const fromAgents = () =>
        takeFromAgents(db, { upstream: config.upstream, agents: agentsConfig }, request, deadline, agents);
      if (first) return (await fromAgents()) ?? fromProviders();
      return (await fromProviders()) ?? fromAgents();
    },
    async lifecycleOf(rentalId) {
      const a = await openUpstreamOf(db, rentalId);
      if (!a) return agentLifecycleOf(db, rentalId, config.storeCooldownMinutes);
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
