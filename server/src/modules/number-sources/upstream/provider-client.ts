import { formatMoney } from '@jiema/shared';
import type { HttpAnswer } from './outbound-http';

/**
 * Why a provider call failed, as the providers screen shows it and the circuit breaker counts it.
 * `refused` answers (NO_NUMBERS, a price refusal) are not faults: the provider works, it just had
 * nothing for us.
 */
export type ProviderFault =
  | 'timeout'
  | 'unreachable'
  | 'http_error'
  | 'html_page'
  | 'bad_key'
  | 'no_balance'
  | 'rate_limited'
  | 'garbage';

export class ProviderError extends Error {
  constructor(
    readonly fault: ProviderFault,
    detail: string,
  ) {
    super(`${fault}: ${detail.slice(0, 300)}`);
  }
}

/** One price/stock line, in the provider's own codes and currency. */
export type PriceLine = { service: string; country: string; cost: string; count: number };

export type BuyOutcome =
  | { kind: 'number'; upstreamId: string; phone: string; cost: string | null }
  | { kind: 'no_numbers' }
  | { kind: 'price_refused' }
  | { kind: 'refused'; word: string };

/** One SMS the provider shows for an activation; `key` is stable across polls (dedupe). */
export type UpstreamSms = { key: string; sender: string; text: string; code: string | null };

export type StatusOutcome =
  /** Still waiting; `messages` are every SMS seen so far (possibly none). */
  | { kind: 'open'; messages: UpstreamSms[] }
  /** Ended by the provider: cancelled/timed out (refunded to us) or completed after a code. */
  | { kind: 'ended'; messages: UpstreamSms[]; refunded: boolean }
  /** The provider does not know it (any more). */
  | { kind: 'unknown' };

export type ActionOutcome =
  | { kind: 'ok' }
  /** The provider's early-cancel lock: try again later. */
  | { kind: 'too_early' }
  /** Already ended on the provider's side. */
  | { kind: 'ended' }
  | { kind: 'refused'; word: string };

/** What every protocol client can do, in the provider's codes; faults are thrown as ProviderError. */
export interface ProviderClient {
  balance(): Promise<string>;
  prices(): Promise<PriceLine[]>;
  buy(request: {
    service: string;
    country: string;
    maxPrice: string | null;
    orderId: string;
  }): Promise<BuyOutcome>;
  status(upstreamId: string, state: { retryRound: number }): Promise<StatusOutcome>;
  anotherSms(upstreamId: string): Promise<ActionOutcome>;
  finish(upstreamId: string): Promise<ActionOutcome>;
  cancel(upstreamId: string): Promise<ActionOutcome>;
  /**
   * Every open activation of our account in ONE request (sms-activate `getActiveActivations`): its
   * upstream id → a signature of its state (status and codes) that changes when an SMS arrives or the
   * status moves. Null: the provider does not offer it (the relay reads each activation instead).
   * Absent: the protocol has no such call.
   */
  activeSignatures?(): Promise<Map<string, string> | null>;
}

/** A JSON number or numeric string from a provider as exact money (6 places), or null when it is not one. */
export function moneyOf(value: unknown): string | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '');
  if (!/^\d{1,12}(\.\d+)?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return formatMoney(`${whole}.${frac.slice(0, 6)}`);
}

/** The transport failures every protocol shares; null when the answer can be read. */
export function transportFault(answer: HttpAnswer): ProviderError | null {
  if (!answer.ok) {
    return new ProviderError(answer.error.startsWith('timeout') ? 'timeout' : 'unreachable', answer.error);
  }
  if (answer.status === 429) return new ProviderError('rate_limited', `HTTP 429`);
  if (answer.status >= 500) return new ProviderError('http_error', `HTTP ${answer.status}`);
  const head = answer.body.trimStart().slice(0, 64).toLowerCase();
  if (answer.contentType.includes('text/html') || head.startsWith('<!doctype') || head.startsWith('<html')) {
    return new ProviderError('html_page', `HTTP ${answer.status} HTML page`);
  }
  return null;
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
