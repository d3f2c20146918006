import { toMicros } from '@jiema/shared';

/**
 * The SMSHub agent protocol's messages, hub side (protocols.md §1a.13; "SMSHUB Agent Protocol",
 * March 6, 2024): the requests we send, built as JSON text so money keeps its exact decimals, and
 * strict readers of the agent's answers. Numeric fields are JSON numbers; an `Ulong` (a phone number,
 * an activation id, an SMS id) is read from the raw text so no digit is lost past 2^53.
 */

/** The protocol's finish statuses (its Appendix 4). */
export const FINISH = { notAgain: 1, sold: 3, cancelled: 4, refunded: 5 } as const;
export type FinishStatus = (typeof FINISH)[keyof typeof FINISH];

/** `cur`: 2 decimals for rubles, 4 for dollars (the protocol's field types), rounded half up. */
export function curLiteral(amount: string, currency: number): string {
  const places = currency === 643 ? 2 : 4;
  const unit = 10n ** BigInt(6 - places);
  const micros = toMicros(amount);
  const rounded = (micros + unit / 2n) / unit;
  const s = rounded.toString().padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
}

const str = (v: string) => JSON.stringify(v);

export const getServicesJson = (key: string) => `{"action":"GET_SERVICES","key":${str(key)}}`;

export function getNumberJson(r: {
  key: string;
  country: string;
  operator: string;
  service: string;
  sum: string;
  currency: number;
  exceptionPhoneSet: string[];
}) {
  const exceptions = r.exceptionPhoneSet.length
    ? `,"exceptionPhoneSet":[${r.exceptionPhoneSet.map(str).join(',')}]`
    : '';
  return `{"action":"GET_NUMBER","key":${str(r.key)},"country":${str(r.country)},"operator":${str(r.operator)},"service":${str(r.service)},"sum":${curLiteral(r.sum, r.currency)},"currency":${r.currency}${exceptions}}`;
}

export const finishJson = (key: string, activationId: string, status: FinishStatus) =>
  `{"action":"FINISH_ACTIVATION","key":${str(key)},"activationId":${activationId},"status":${status}}`;

export class AgentProtocolError extends Error {}

function parseObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AgentProtocolError(`not JSON: ${text.slice(0, 80)}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new AgentProtocolError('not a JSON object');
  const o = value as Record<string, unknown>;
  if (typeof o.status !== 'string') throw new AgentProtocolError('no status');
  return o;
}

const errorOf = (o: Record<string, unknown>) =>
  `${o.status}${typeof o.error === 'string' ? `: ${o.error.slice(0, 200)}` : ''}`;

/** The digits of a numeric field as written, per field name (compiled once: PUSH_SMS reads two per push). */
const digitsOf = new Map<string, RegExp>();

/**
 * The digits of an unsigned integer field as the JSON text wrote them, when the parsed value is a
 * non-negative integer number (a string, `1.5` or `-3` is not an Ulong).
 */
export function ulongOf(text: string, o: Record<string, unknown>, field: string): string | null {
  const v = o[field];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || !Number.isInteger(v)) return null;
  let pattern = digitsOf.get(field);
  if (!pattern) {
    pattern = new RegExp(`"${field}"\\s*:\\s*(\\d+)(?![.\\deE])`);
    digitsOf.set(field, pattern);
  }
  const m = pattern.exec(text);
  return m ? m[1]!.replace(/^0+(?=\d)/, '') : null;
}

export type ServiceLine = { country: string; operator: string; service: string; count: number };

/** GET_SERVICES: every (country, operator, service) with its count; anything off-type is malformed. */
export function readServices(text: string): ServiceLine[] {
  const o = parseObject(text);
  if (o.status !== 'SUCCESS') throw new AgentProtocolError(errorOf(o));
  if (!Array.isArray(o.countryList)) throw new AgentProtocolError('countryList is not an array');
  const lines: ServiceLine[] = [];
  for (const entry of o.countryList as unknown[]) {
    const e = entry as { country?: unknown; operatorMap?: unknown };
    if (!e || typeof e.country !== 'string' || !e.operatorMap || typeof e.operatorMap !== 'object') {
      throw new AgentProtocolError('a countryList entry needs country (string) and operatorMap (object)');
    }
    for (const [operator, services] of Object.entries(e.operatorMap as Record<string, unknown>)) {
      if (!services || typeof services !== 'object' || Array.isArray(services)) {
        throw new AgentProtocolError(`operator ${operator}: services must be an object`);
      }
      for (const [service, count] of Object.entries(services as Record<string, unknown>)) {
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 2_147_483_647) {
          throw new AgentProtocolError(`${e.country}/${operator}/${service}: the quantity must be an int`);
        }
        lines.push({ country: e.country, operator, service, count });
      }
    }
  }
  return lines;
}

export type NumberAnswer =
  | { kind: 'number'; phone: string; activationId: string }
  | { kind: 'no_numbers' }
  | { kind: 'error'; error: string };

/** GET_NUMBER: a number (numeric, with its country code) and the agent's activation id, or NO_NUMBERS. */
export function readNumber(text: string): NumberAnswer {
  const o = parseObject(text);
  if (o.status === 'NO_NUMBERS') return { kind: 'no_numbers' };
  if (o.status !== 'SUCCESS') return { kind: 'error', error: errorOf(o) };
  const phone = ulongOf(text, o, 'number');
  const activationId = ulongOf(text, o, 'activationId');
  if (phone === null) throw new AgentProtocolError('number must be a JSON number (Ulong)');
  if (activationId === null) throw new AgentProtocolError('activationId must be a JSON number (Ulong)');
  if (!/^\d{7,15}$/.test(phone)) throw new AgentProtocolError(`number ${phone} is not a phone number`);
  return { kind: 'number', phone, activationId };
}

/** FINISH_ACTIVATION: done only on SUCCESS. */
export function readFinish(text: string): { done: true } | { done: false; error: string } {
  const o = parseObject(text);
  return o.status === 'SUCCESS' ? { done: true } : { done: false, error: errorOf(o) };
}
