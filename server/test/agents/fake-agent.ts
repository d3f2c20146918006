import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A SIM-farm agent in the tests, written from the "SMSHUB Agent Protocol" (March 6, 2024) and not from
 * our code: it answers the hub's POSTs (JSON, UTF-8, gzip both ways, a User-Agent required) for
 * GET_SERVICES, GET_NUMBER and FINISH_ACTIVATION, and pushes SMS to the hub (PUSH_SMS), repeating a
 * push until the hub answers SUCCESS. The test drives its SIMs and its faults.
 */
export type FakeSim = { phone: string; country: string; operator: string; services: string[] };
export type FakeActivation = {
  id: number;
  phone: string;
  service: string;
  sum: number;
  currency: number;
  finished: number[];
};
export type FakeMode =
  | 'ok'
  | 'slow' // answers GET_NUMBER after `slowMs`
  | 'garbage' // GET_NUMBER answers broken JSON
  | 'string_number' // GET_NUMBER's number as a string (a field-type violation)
  | 'ignore_exceptions' // hands out numbers whose prefix the hub excluded
  | 'no_country_code'; // hands out the number without its country code

export async function startFakeAgent(options: { key: string; sims: FakeSim[] }) {
  const state = {
    mode: 'ok' as FakeMode,
    slowMs: 4000,
    /** Quantities claimed on top of the real ones (the protocol's "true quantities" test). */
    overclaim: 0,
    /** FINISH_ACTIVATION answers ERROR this many times first (a network problem on the farm's side). */
    failFinishes: 0,
    nextActivation: 355,
    requests: [] as {
      action: string;
      body: Record<string, unknown>;
      raw: string;
      headers: http.IncomingHttpHeaders;
    }[],
  };
  const busy = new Set<string>();
  const activations = new Map<number, FakeActivation>();
  const timers = new Set<NodeJS.Timeout>();

  const free = (service: string) =>
    options.sims.filter((s) => s.services.includes(service) && !busy.has(s.phone));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      const text = raw.toString('utf8');
      const send = (body: unknown, status = 200) => {
        const json = typeof body === 'string' ? body : JSON.stringify(body);
        const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        });
        res.end(gzip ? gzipSync(json) : json);
      };
      if (req.method !== 'POST' || !req.headers['user-agent'])
        return send({ status: 'ERROR', error: 'POST with a User-Agent' }, 400);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return send({ status: 'ERROR', error: 'not JSON' }, 400);
      }
      state.requests.push({ action: String(body.action), body, raw: text, headers: req.headers });
      if (body.key !== options.key) return send({ status: 'ERROR', error: 'wrong key' });
      switch (body.action) {
        case 'GET_SERVICES': {
          const countries = new Map<string, Record<string, Record<string, number>>>();
          for (const sim of options.sims) {
            const operators = countries.get(sim.country) ?? {};
            const services = operators[sim.operator] ?? {};
            for (const s of sim.services) services[s] = (services[s] ?? 0) + (busy.has(sim.phone) ? 0 : 1);
            operators[sim.operator] = services;
            countries.set(sim.country, operators);
          }
          if (state.overclaim) {
            for (const operators of countries.values())
              for (const services of Object.values(operators))
                for (const s of Object.keys(services)) services[s]! += state.overclaim;
          }
          return send({
            countryList: [...countries].map(([country, operatorMap]) => ({ country, operatorMap })),
            status: 'SUCCESS',
          });
        }
        case 'GET_NUMBER': {
          const { service, sum, currency, exceptionPhoneSet } = body as {
            service: unknown;
            sum: unknown;
            currency: unknown;
            exceptionPhoneSet?: unknown;
          };
          if (typeof service !== 'string' || typeof sum !== 'number' || typeof currency !== 'number')
            return send({ status: 'ERROR', error: 'field types' });
          const excluded = exceptionPhoneSet === undefined ? [] : exceptionPhoneSet;
          if (!Array.isArray(excluded) || excluded.some((p) => typeof p !== 'string'))
            return send({ status: 'ERROR', error: 'exceptionPhoneSet must be an array of strings' });
          const answer = () => {
            if (state.mode === 'garbage') return send('{"status":"SUCC');
            const sim = free(service).find(
              (s) =>
                state.mode === 'ignore_exceptions' ||
                !excluded.some((p: string) => s.phone.slice(1).startsWith(p)),
            );
            if (!sim) return send({ status: 'NO_NUMBERS' });
            busy.add(sim.phone);
            const id = state.nextActivation++;
            activations.set(id, { id, phone: sim.phone, service, sum, currency, finished: [] });
            // The protocol's Ulong: digits with the country code ('no_country_code' drops the +1).
            const number = state.mode === 'no_country_code' ? sim.phone.slice(2) : sim.phone.slice(1);
            if (state.mode === 'string_number')
              return send({ number: String(number), activationId: id, status: 'SUCCESS' });
            return send(`{"number":${number},"activationId":${id},"status":"SUCCESS"}`);
          };
          if (state.mode === 'slow') {
            const timer = setTimeout(() => {
              timers.delete(timer);
              answer();
            }, state.slowMs);
            timers.add(timer);
            return;
          }
          return answer();
        }
        case 'FINISH_ACTIVATION': {
          const { activationId, status } = body as { activationId: unknown; status: unknown };
          if (typeof activationId !== 'number' || typeof status !== 'number')
            return send({ status: 'ERROR', error: 'field types' });
          if (state.failFinishes > 0) {
            state.failFinishes -= 1;
            return send({ status: 'ERROR', error: 'try again' });
          }
          const a = activations.get(activationId);
          if (!a) return send({ status: 'ERROR', error: 'no such activation' });
          // Idempotent: a repeat of a status already applied answers SUCCESS again.
          if (!a.finished.includes(status)) a.finished.push(status);
          if (status !== 5) busy.delete(a.phone);
          return send({ status: 'SUCCESS' });
        }
        default:
          return send({ status: 'ERROR', error: 'unknown action' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let smsSerial = 1;

  /** PUSH_SMS of one raw body; the hub's status and answer. */
  async function postPush(hubUrl: string, json: string, gzip = true) {
    const res = await fetch(hubUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'fake-agent/1',
        'accept-encoding': 'gzip',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
      body: gzip ? gzipSync(json) : json,
    });
    return { httpStatus: res.status, answer: (await res.json()) as { status: string; error?: string } };
  }

  return {
    url: `http://127.0.0.1:${port}/smshub`,
    state,
    activations,
    finishesOf: (status?: number) =>
      state.requests.filter(
        (r) => r.action === 'FINISH_ACTIVATION' && (status === undefined || r.body.status === status),
      ),
    countOf: (action: string) => state.requests.filter((r) => r.action === action).length,
    postPush,
    /**
     * The protocol's delivery: push until SUCCESS, waiting `retryMs` between tries (10 s in the
     * protocol; shorter in tests). Answers the tries made.
     */
    async pushSms(
      hubUrl: string,
      sms: { phone: string; from: string; text: string; smsId?: number },
      retryMs = 50,
      maxTries = 20,
    ) {
      const smsId = sms.smsId ?? smsSerial++;
      const json = `{"smsId":${smsId},"phoneFrom":${JSON.stringify(sms.from)},"phone":${sms.phone.replace(/^\+/, '')},"text":${JSON.stringify(sms.text)},"action":"PUSH_SMS","key":${JSON.stringify(options.key)}}`;
      for (let tries = 1; tries <= maxTries; tries++) {
        const { answer } = await postPush(hubUrl, json).catch(() => ({ answer: { status: 'NETWORK' } }));
        if (answer.status === 'SUCCESS') return { smsId, tries };
        await new Promise((r) => setTimeout(r, retryMs));
      }
      throw new Error(`PUSH_SMS ${smsId} never acknowledged`);
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeAgent = Awaited<ReturnType<typeof startFakeAgent>>;
