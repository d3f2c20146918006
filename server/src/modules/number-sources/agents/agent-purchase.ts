import { type OrderDetail, toMicros } from '@jiema/shared';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { multiply } from '../upstream/pricing';
import { relayedOrderDetail, type UpstreamBuy, writeRelayedOrder } from '../upstream/upstream-purchase';
import {
  type AgentCandidate,
  markActive,
  markFailed,
  markRefused,
  recordGiven,
  recordIntent,
} from './agent-activations.repository';
import { agentPost } from './agent-http';
import { AgentProtocolError, getNumberJson, readNumber } from './agent-protocol';
import { holdBack, noteError } from './agents.repository';

export type AgentsConfig = Pick<Config, 'agents' | 'upstream'>;

/** An agent without history counts as this likely to deliver (as for providers). */
const UNKNOWN_SUCCESS = 0.7;

/**
 * The routing policy of the upstream providers, for agents: priority first, then the expected cost
 * of a delivered code (what we pay in USDT over the recent success rate); never an agent we would
 * pay more than the customer pays us.
 */
export function rankAgents(candidates: AgentCandidate[], price: string) {
  return candidates
    .map((c) => {
      const payUsdt = multiply(c.pay, c.rate_to_usdt);
      const rate = Math.max(c.success_rate ?? UNKNOWN_SUCCESS, 0.05);
      return { c, payUsdt, score: Number(payUsdt) / rate };
    })
    .filter((x) => toMicros(x.payUsdt) <= toMicros(price))
    .sort((a, b) => b.c.priority - a.c.priority || a.score - b.score || a.c.id - b.c.id);
}

/** Fault injection for the crash tests: runs after the agent gave a number, before the local commit. */
export const agentPurchaseFaults: { afterGiven: null | (() => void) } = { afterGiven: null };

/** Why a number the agent gave cannot be sold; null when it can. */
async function refusalOf(db: Db, phone: string, countryCode: string, excluded: string[]) {
  const digits = phone.slice(1);
  if (excluded.some((prefix) => digits.startsWith(prefix.replace(/^\+/, '')))) return 'excluded prefix';
  const [country] = await db.query<{ dial_code: string }>('select dial_code from countries where code = $1', [
    countryCode,
  ]);
  if (!country || !phone.startsWith(country.dial_code)) return `no ${country?.dial_code ?? ''} country code`;
  return null;
}

/**
 * GET_NUMBER to the agents offering (application, country), in the routing order, until one gives a
 * number we can sell: NO_NUMBERS after claiming stock holds that agent back; an answer slower than the
 * protocol's 3 s, malformed or an ERROR moves on. The intent is committed before each ask, the number
 * in its own commit right after, and the sale (order, rental, charge) flips it active in one
 * transaction; a number we do not sell is cancelled at the agent (status 4, through the outbox).
 * Null: no agent had one (nothing charged).
 */
export async function takeFromAgents(
  db: Db,
  config: AgentsConfig,
  b: UpstreamBuy,
  deadline: number,
  /** The agents offering (application, country), read by the caller with the providers. */
  offering: AgentCandidate[],
): Promise<OrderDetail | null> {
  const ranked = rankAgents(offering, b.price);
  if (ranked.length === 0) return null;
  const [balance] = await db.query<{ balance: string }>(
    'select balance::text as balance from users where id = $1',
    [b.buyer.id],
  );
  if (!balance || toMicros(balance.balance) < toMicros(b.price)) {
    throw new AppError('INSUFFICIENT_BALANCE', { needed: b.price });
  }
  for (const { c, payUsdt } of ranked) {
    const left = deadline - Date.now();
    if (left < 50) break;
    const id = await recordIntent(db, {
      agentId: c.id,
      userId: b.buyer.id,
      applicationId: b.applicationId,
      countryCode: b.countryCode,
      pay: c.pay,
      payUsdt,
      price: b.price,
    });
    const answer = await agentPost({
      url: c.url,
      json: getNumberJson({
        key: c.api_key,
        country: c.country_name,
        operator: c.operator_name,
        service: c.service_name,
        sum: c.pay,
        currency: c.currency,
        exceptionPhoneSet: b.excludePrefixes.map((p) => p.replace(/^\+/, '')),
      }),
      timeoutMs: Math.min(config.agents.numberTimeoutMs, left),
      allowPrivate: config.upstream.allowPrivate,
    });
    if (!answer.ok || answer.status < 200 || answer.status >= 300) {
      const why = answer.ok ? `GET_NUMBER: HTTP ${answer.status}` : `GET_NUMBER: ${answer.error}`;
      await markFailed(db, id, why);
      await noteError(db, c.id, why);
      continue;
    }
    let given: ReturnType<typeof readNumber>;
    try {
      given = readNumber(answer.body);
    } catch (error) {
      const why = `GET_NUMBER malformed: ${error instanceof AgentProtocolError ? error.message : String(error)}`;
      await markFailed(db, id, why);
      await noteError(db, c.id, why);
      continue;
    }
    if (given.kind === 'no_numbers') {
      await markFailed(db, id, 'NO_NUMBERS');
      await holdBack(
        db,
        c.id,
        config.agents.holdMs,
        `NO_NUMBERS after claiming ${c.count} (${c.service_name})`,
      );
      continue;
    }
    if (given.kind === 'error') {
      await markFailed(db, id, given.error);
      await noteError(db, c.id, `GET_NUMBER: ${given.error}`);
      continue;
    }
    const phone = `+${given.phone}`;
    try {
      await recordGiven(db, id, given.activationId, phone);
    } catch {
      // The agent handed out an activation id it gave us before: nothing we can sell or cancel safely.
      await markFailed(db, id, `activationId ${given.activationId} reused`);
      await noteError(db, c.id, `GET_NUMBER: activationId ${given.activationId} reused`);
      continue;
    }
    const refusal = await refusalOf(db, phone, b.countryCode, b.excludePrefixes);
    if (refusal) {
      await markRefused(db, id, refusal);
      await noteError(db, c.id, `GET_NUMBER gave ${phone}: ${refusal}`);
      continue;
    }
    agentPurchaseFaults.afterGiven?.();
    try {
      const orderId = await db.transaction(async (tx) => {
        const { orderId, rentalId } = await writeRelayedOrder(tx, b, phone, `agent:${c.id}`);
        if (!(await markActive(tx, id, orderId, rentalId)))
          throw new Error('the activation was cancelled meanwhile');
        return orderId;
      });
      return relayedOrderDetail(db, orderId, b.buyer.id);
    } catch (error) {
      await markRefused(db, id, error instanceof Error ? error.message : String(error));
      if (error instanceof AppError) throw error;
    }
  }
  return null;
}
