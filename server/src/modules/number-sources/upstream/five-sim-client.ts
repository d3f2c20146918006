import { upstreamGet } from './outbound-http';
import {
  type ActionOutcome,
  type BuyOutcome,
  isRecord,
  moneyOf,
  type PriceLine,
  type ProviderClient,
  ProviderError,
  parseJson,
  transportFault,
  type UpstreamSms,
} from './provider-client';
import type { ClientOptions } from './sms-activate-client';

const ENDED_REFUNDED = new Set(['CANCELED', 'TIMEOUT', 'BANNED']);

/**
 * 5sim `v1` (protocols.md §1b): bearer token, JSON order objects, errors as short plain texts
 * (`no free phones`, `not enough user balance`…) with a 4xx status. Prices come per operator; we
 * buy with operator `any` and keep the cheapest operator's price and the sum of their counts.
 */
export function fiveSimClient(options: ClientOptions): ProviderClient {
  const base = options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');

  async function call(
    path: string,
    query: Record<string, string> = {},
  ): Promise<{ status: number; body: string }> {
    const url = new URL(`${base}/v1${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const answer = await upstreamGet({
      url,
      headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
      timeoutMs: options.timeoutMs,
      allowPrivate: options.allowPrivate,
      // 5sim acts on GET too (buy, finish, cancel): only its profile, prices and checks are reads.
      read: /^\/(user\/profile|guest\/|user\/check\/)/.test(path),
    });
    let fault = transportFault(answer);
    const body = answer.ok ? answer.body.trim() : '';
    if (!fault && answer.ok && answer.status === 401) fault = new ProviderError('bad_key', 'HTTP 401');
    if (!fault && body.toLowerCase() === 'not enough user balance')
      fault = new ProviderError('no_balance', body);
    if (fault) throw fault;
    return { status: answer.ok ? answer.status : 0, body };
  }

  const garbage = (what: string, body: string) =>
    new ProviderError('garbage', `${what}: ${JSON.stringify(body.slice(0, 80))}`);

  async function order(path: string, query: Record<string, string> = {}) {
    const { body } = await call(path, query);
    const json = parseJson(body);
    if (isRecord(json)) return json;
    if (/^[a-z ]{3,60}$/i.test(body)) return body.toLowerCase();
    if (body === '') return 'not found';
    throw garbage(path.split('/')[2] ?? path, body);
  }

  async function act(path: string, wanted: string): Promise<ActionOutcome> {
    const answer = await order(path);
    if (typeof answer === 'string') {
      if (answer.includes('not found') || answer.includes('expired')) return { kind: 'ended' };
      return { kind: 'refused', word: answer };
    }
    return answer.status === wanted ? { kind: 'ok' } : { kind: 'ended' };
  }

  return {
    async balance() {
      const json = parseJson((await call('/user/profile')).body);
      const value = isRecord(json) ? moneyOf(json.balance) : null;
      if (value === null) throw garbage('profile', JSON.stringify(json ?? ''));
      return value;
    },

    async prices() {
      const { body } = await call('/guest/prices');
      const json = parseJson(body);
      if (!isRecord(json)) throw garbage('prices', body);
      const lines: PriceLine[] = [];
      for (const [country, products] of Object.entries(json)) {
        if (!isRecord(products)) continue;
        for (const [product, operators] of Object.entries(products)) {
          if (!isRecord(operators)) continue;
          let cost: string | null = null;
          let count = 0;
          for (const offer of Object.values(operators)) {
            if (!isRecord(offer)) continue;
            const c = moneyOf(offer.cost);
            const n = Number(offer.count);
            if (c === null || !Number.isInteger(n) || n <= 0) continue;
            count += n;
            if (cost === null || Number(c) < Number(cost)) cost = c;
          }
          if (cost !== null) lines.push({ service: product, country, cost, count });
        }
      }
      return lines;
    },

    async buy(r): Promise<BuyOutcome> {
      const query: Record<string, string> = {};
      if (r.maxPrice !== null) query.maxPrice = r.maxPrice;
      const answer = await order(
        `/user/buy/activation/${encodeURIComponent(r.country)}/any/${encodeURIComponent(r.service)}`,
        query,
      );
      if (typeof answer === 'string') {
        if (answer === 'no free phones' || answer === 'no product') return { kind: 'no_numbers' };
        if (answer.includes('price')) return { kind: 'price_refused' };
        return { kind: 'refused', word: answer };
      }
      const id = String(answer.id ?? '');
      const phone = String(answer.phone ?? '').replace(/^\+/, '');
      if (!/^\d{1,20}$/.test(id) || !/^\d{6,15}$/.test(phone)) throw garbage('buy', JSON.stringify(answer));
      return { kind: 'number', upstreamId: id, phone: `+${phone}`, cost: moneyOf(answer.price) };
    },

    async status(id) {
      const answer = await order(`/user/check/${encodeURIComponent(id)}`);
      if (typeof answer === 'string') return { kind: 'unknown' };
      const list = Array.isArray(answer.sms) ? answer.sms : [];
      const messages: UpstreamSms[] = list.filter(isRecord).map((s, i) => ({
        key: `${i}:${String(s.created_at ?? s.date ?? '')}`,
        sender: String(s.sender ?? ''),
        text: String(s.text ?? ''),
        code: s.code ? String(s.code) : null,
      }));
      const status = String(answer.status ?? '');
      if (status === 'PENDING' || status === 'RECEIVED') return { kind: 'open', messages };
      if (status === 'FINISHED') return { kind: 'ended', messages, refunded: false };
      if (ENDED_REFUNDED.has(status)) return { kind: 'ended', messages, refunded: true };
      throw garbage('check', status);
    },

    // 5sim keeps receiving on an open order: "another SMS" needs no call.
    anotherSms: async () => ({ kind: 'ok' }),
    finish: (id) => act(`/user/finish/${encodeURIComponent(id)}`, 'FINISHED'),
    cancel: (id) => act(`/user/cancel/${encodeURIComponent(id)}`, 'CANCELED'),
  };
}
