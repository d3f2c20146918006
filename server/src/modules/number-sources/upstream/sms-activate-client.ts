import { type HttpAnswer, upstreamGet } from './outbound-http';
import {
  type ActionOutcome,
  type BuyOutcome,
  isRecord,
  moneyOf,
  type PriceLine,
  type ProviderClient,
  ProviderError,
  parseJson,
  type StatusOutcome,
  transportFault,
  type UpstreamSms,
} from './provider-client';

export type ClientOptions = { baseUrl: string; apiKey: string; timeoutMs: number; allowPrivate: boolean };

/** `https://host` → `https://host/stubs/handler_api.php`; a URL ending in `.php` is used as it is. */
export function handlerUrl(baseUrl: string): URL {
  const url = new URL(baseUrl);
  if (!url.pathname.endsWith('.php'))
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/stubs/handler_api.php`;
  return url;
}

/** Words that mean the account or the provider is unusable now, whatever the action. */
function accountFault(word: string): ProviderError | null {
  if (word === 'BAD_KEY') return new ProviderError('bad_key', word);
  if (word === 'NO_BALANCE') return new ProviderError('no_balance', word);
  if (word === 'ERROR_SQL' || word === 'SERVER_ERROR') return new ProviderError('http_error', word);
  if (word === 'RATE_LIMITED' || word === 'TOO_MANY_REQUESTS') return new ProviderError('rate_limited', word);
  return null;
}

/**
 * sms-activate `handler_api.php` (also HeroSMS, SMSHub, Grizzly, SMS-Man, another Jiema): plain-text
 * words for the classic actions, JSON for getPrices / getNumberV2 / getStatusV2 (protocols.md §1a).
 * A provider may answer an error with any HTTP status; only the body's word counts.
 */
export function smsActivateClient(options: ClientOptions): ProviderClient {
  const endpoint = handlerUrl(options.baseUrl);

  async function call(action: string, params: Record<string, string> = {}): Promise<string> {
    const url = new URL(endpoint);
    url.searchParams.set('api_key', options.apiKey);
    url.searchParams.set('action', action);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const answer: HttpAnswer = await upstreamGet({
      url,
      timeoutMs: options.timeoutMs,
      allowPrivate: options.allowPrivate,
      read: action.startsWith('get') && !action.startsWith('getNumber'),
    });
    const fault = transportFault(answer);
    const body = answer.ok ? answer.body.trim() : '';
    const wordFault = fault ?? accountFault(body.split(':')[0] ?? '');
    if (wordFault) throw wordFault;
    return body;
  }

  const garbage = (action: string, body: string) =>
    new ProviderError('garbage', `${action}: ${JSON.stringify(body.slice(0, 80))}`);

  function action(word: string, ok: string): ActionOutcome {
    if (word === ok) return { kind: 'ok' };
    if (word === 'EARLY_CANCEL_DENIED') return { kind: 'too_early' };
    if (word === 'NO_ACTIVATION' || word === 'STATUS_CANCEL' || word === 'BAD_STATUS')
      return { kind: 'ended' };
    if (/^[A-Z_]{3,40}$/.test(word)) return { kind: 'refused', word };
    throw garbage('setStatus', word);
  }

  return {
    async balance() {
      const body = await call('getBalance');
      const m = /^ACCESS_BALANCE:(.+)$/.exec(body);
      const value = m ? moneyOf(m[1]) : null;
      if (value === null) throw garbage('getBalance', body);
      return value;
    },

    async prices() {
      const body = await call('getPrices');
      const json = parseJson(body);
      if (!isRecord(json)) throw garbage('getPrices', body);
      const lines: PriceLine[] = [];
      for (const [country, services] of Object.entries(json)) {
        if (!isRecord(services)) continue;
        for (const [service, offer] of Object.entries(services)) {
          if (!isRecord(offer)) continue;
          const cost = moneyOf(offer.cost);
          const count = Number(offer.count);
          if (cost === null || !Number.isInteger(count) || count < 0) continue;
          lines.push({ service, country, cost, count });
        }
      }
      return lines;
    },

    async buy(r) {
      const params: Record<string, string> = { service: r.service, country: r.country, orderId: r.orderId };
      if (r.maxPrice !== null) params.maxPrice = r.maxPrice;
      let body = await call('getNumberV2', params);
      // A provider without the V2 action answers the classic one.
      if (body === 'BAD_ACTION') body = await call('getNumber', params);
      return readBuy(body);
    },

    async status(id, state) {
      const body = await call('getStatus', { id });
      if (body === 'NO_ACTIVATION' || body === 'WRONG_ACTIVATION_ID') return { kind: 'unknown' };
      if (body === 'STATUS_CANCEL') return { kind: 'ended', messages: [], refunded: true };
      if (
        body === 'STATUS_WAIT_CODE' ||
        body === 'STATUS_WAIT_RESEND' ||
        body.startsWith('STATUS_WAIT_RETRY')
      )
        return { kind: 'open', messages: [] };
      const m = /^STATUS_OK:(.*)$/s.exec(body);
      if (!m) throw garbage('getStatus', body);
      const code = m[1]!;
      // The code alone; its text (for the extractor and the customer) from getStatusV2 when it has one.
      let text = code;
      const v2 = parseJson(await call('getStatusV2', { id }).catch(() => ''));
      if (isRecord(v2) && isRecord(v2.sms) && typeof v2.sms.text === 'string' && v2.sms.text)
        text = v2.sms.text;
      const sms: UpstreamSms = { key: `${state.retryRound}:${code}`, sender: '', text, code };
      return { kind: 'open', messages: [sms] } satisfies StatusOutcome;
    },

    async activeSignatures() {
      let body: string;
      try {
        body = await call('getActiveActivations');
      } catch (error) {
        // An unknown action answered with an HTML page or nonsense: not offered, not a fault.
        if (error instanceof ProviderError && (error.fault === 'html_page' || error.fault === 'garbage'))
          return null;
        throw error;
      }
      return readActiveActivations(body);
    },

    anotherSms: async (id) => action(await call('setStatus', { id, status: '3' }), 'ACCESS_RETRY_GET'),
    finish: async (id) => action(await call('setStatus', { id, status: '6' }), 'ACCESS_ACTIVATION'),
    cancel: async (id) => action(await call('setStatus', { id, status: '8' }), 'ACCESS_CANCEL'),
  };
}

/** getNumberV2's JSON, the classic `ACCESS_NUMBER:id:phone`, or a refusal word. */
export function readBuy(body: string): BuyOutcome {
  const classic = /^ACCESS_NUMBER:(\w+):\+?(\d{6,15})$/.exec(body);
  if (classic) return { kind: 'number', upstreamId: classic[1]!, phone: `+${classic[2]}`, cost: null };
  const json = parseJson(body);
  if (isRecord(json) && json.activationId !== undefined) {
    const id = String(json.activationId);
    const phone = String(json.phoneNumber ?? '').replace(/^\+/, '');
    if (!/^\w{1,40}$/.test(id) || !/^\d{6,15}$/.test(phone))
      throw new ProviderError('garbage', `getNumberV2: ${body.slice(0, 80)}`);
    return { kind: 'number', upstreamId: id, phone: `+${phone}`, cost: moneyOf(json.activationCost) };
  }
  if (body === 'NO_NUMBERS') return { kind: 'no_numbers' };
  if (body.startsWith('WRONG_MAX_PRICE') || body === 'MAX_PRICE_EXCEEDED') return { kind: 'price_refused' };
  if (/^[A-Z_]{3,40}(:.*)?$/s.test(body)) return { kind: 'refused', word: body.split(':')[0]! };
  throw new ProviderError('garbage', `getNumber: ${JSON.stringify(body.slice(0, 80))}`);
}

/**
 * getActiveActivations (protocols.md §1a.8): `{"status":"success","activeActivations":[{activationId,
 * activationStatus, smsCode, smsText…}]}`, or NO_ACTIVATIONS (a word, or `{"status":"error",…}`) when
 * none is open; anything else (BAD_ACTION, another shape) means the provider does not offer it.
 */
export function readActiveActivations(body: string): Map<string, string> | null {
  if (body === 'NO_ACTIVATIONS') return new Map();
  const json = parseJson(body);
  if (!isRecord(json)) return null;
  if (json.status === 'error' && (json.error === 'NO_ACTIVATIONS' || json.message === 'NO_ACTIVATIONS'))
    return new Map();
  if (json.status !== 'success' || !Array.isArray(json.activeActivations)) return null;
  const signatures = new Map<string, string>();
  for (const entry of json.activeActivations) {
    if (!isRecord(entry) || entry.activationId === undefined) return null;
    const codes = Array.isArray(entry.smsCode) ? entry.smsCode.map(String) : [];
    const text = typeof entry.smsText === 'string' ? entry.smsText : '';
    signatures.set(
      String(entry.activationId),
      JSON.stringify([String(entry.activationStatus ?? ''), codes, text.length]),
    );
  }
  return signatures;
}
