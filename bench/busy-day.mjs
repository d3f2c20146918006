// A busy day on one small box: two built Jiema processes on one PostgreSQL database, everything at
// once for `--minutes` after a warm-up:
// - open activations (3,000 at scale 1) polled with sms-activate `getStatus` every 2 s by their
//   "scripts"; purchases at 20/s through `getNumber` (70 %) and the web store (30 %); about a third
//   never get a code and are cancelled after the 2-minute lock (refunded), the rest get their code and
//   half of those are finished (`setStatus 6`);
// - inbound SMS at 100/s, 70 % through the generic gateway (signed JSON) and 30 % as deliver_sm over an
//   SMPP bind to the SMSC simulator: the codes of open activations, the rest to numbers nobody holds;
// - every customer has a code webhook pointing at a local sink (each code must arrive there, once);
// - a mass SMS campaign every 10 s, going out at 1,000 msg/s over SMPP to the simulator, with receipts;
// - code links long-polling (200), live event streams (50) and administrators loading the reports,
//   the SMS records and the user list.
// Reported per path: count, errors, p50/p99/max; SMS→code (from sending the SMS to `getStatus`
// answering the code) p99 per inbound path; webhook arrival p99; mass SMS delivered per second; CPU
// per process (each server, PostgreSQL, the SMSC simulator, this load generator); each server's memory
// over the run; database growth per hour; afterwards the ledger, stock and refund invariants the store
// tests check, every code sent found on its activation and at the webhook sink, nothing delivered twice.
// `--kill-at <minute>` kills one server with SIGKILL at that minute and starts it again 10 s later:
// clients retry a refused connection on the other server, so only requests in flight on the killed
// one may fail. `--scale N` multiplies every rate and count (find the knee: 1, 2, 4…). `--history H` runs the
// day on a database that already holds a year of history (lib/report-dataset.mjs at scale H).
//   npm run build -w server && node bench/busy-day.mjs [--minutes 10] [--scale 1] [--kill-at 5] [--history 10] [--record on]
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { prepareWorld } from './lib/busy-world.mjs';
import { runBounded } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { startJiemaServer } from './lib/jiema-server.mjs';
import { describeMachine } from './lib/machine.mjs';
import { parsers, readOptions } from './lib/options.mjs';
import { startPrivatePostgres } from './lib/private-postgres.mjs';
import { processesCpuMicros } from './lib/process-cpu.mjs';
import { seedReportDataset } from './lib/report-dataset.mjs';
import { machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';
import { startSmscProcess } from './lib/smsc-process.mjs';
import { startWebhookSink } from './lib/webhook-sink.mjs';

const options = readOptions(
  {
    minutes: { env: 'BENCH_MINUTES', default: 10, parse: Number, help: 'measured minutes' },
    warmup: { env: 'BENCH_WARMUP', default: 60, parse: Number, help: 'seconds of unmeasured warm-up' },
    scale: { env: 'BENCH_SCALE', default: 1, parse: Number, help: 'multiplies every rate and count' },
    'kill-at': {
      env: 'BENCH_KILL_AT',
      default: 0,
      parse: Number,
      help: 'minute of the measured run at which one server is killed -9 and restarted (0: never)',
    },
    record: { env: 'BENCH_RECORD', default: 'off', parse: parsers.text, help: 'on: write bench/RESULTS.md' },
    heap: {
      env: 'BENCH_HEAP',
      default: 'off',
      parse: parsers.text,
      help: "on: the servers serve /metrics (METRICS_TOKEN) and their V8 heap (used, total), external memory and event loop delay are sampled with their RSS, to tell a leak from the heap's own growth and a blocked event loop from a busy database",
    },
    history: {
      env: 'BENCH_HISTORY',
      default: 0,
      parse: Number,
      help: "H > 0: the database first holds a year of a busy platform's history (lib/report-dataset.mjs at scale H; 1: 200,000 orders, 1,000,000 SMS…)",
    },
    statements: {
      env: 'BENCH_STATEMENTS',
      default: 0,
      parse: Number,
      help: "N > 0: run on a PostgreSQL cluster of the benchmark's own with pg_stat_statements and print the N dearest statements of the window",
    },
    'pg-settings': {
      env: 'BENCH_PG_SETTINGS',
      default: '',
      parse: parsers.text,
      help: "comma-separated name=value (e.g. shared_buffers=6GB): the benchmark's own PostgreSQL cluster starts with these settings, as an operator would tune it",
    },
    'log-level': { env: 'BENCH_LOG_LEVEL', default: 'warn', parse: parsers.text, help: "servers' LOG_LEVEL" },
    'pg-url': {
      env: 'BENCH_PG_URL',
      default: '',
      parse: parsers.text,
      help: "a PostgreSQL admin URL (loopback only) to run on instead of a cluster of the benchmark's own; a fresh database is created and dropped. The shared server of a CI machine is usually tuned for tests (autovacuum off), which no operator runs",
    },
  },
  { usage: 'node bench/busy-day.mjs [options]: everything at once on two processes and PostgreSQL' },
);

const S = options.scale;
const MIX = {
  openActivations: Math.round(3000 * S),
  purchasesPerSecond: 20 * S,
  smsPerSecond: 100 * S,
  links: Math.round(200 * S),
  streams: Math.round(50 * S),
  admins: 3,
  pollEveryMs: 2000,
  /** Share of activations that never get a code (cancelled after the lock, refunded). */
  noCodeShare: 1 / 3,
  getNumberShare: 0.7,
  /** Share of inbound SMS that come over SMPP (deliver_sm) instead of the generic webhook. */
  smppShare: 0.3,
  massSmsPerSecond: 1000 * S,
  campaignEverySeconds: 10,
};
const TARGETS = {
  pollP99: 100,
  purchaseP99: 100,
  pageP99: 100,
  smsToCodeP99: 200,
  memoryGrowth: 0.1,
  /** Mass SMS delivered per second over the window, as a share of the rate it is sent at. */
  massSmsShare: 0.95,
};
const CANCEL_AFTER_MS = 125_000;
const SECRET_HEADER = 'x-signature';
const measuredMs = options.minutes * 60_000;
// Seeding a year of history takes about two minutes per unit of scale on a small machine.
const deadlineMs = (options.warmup + options.minutes * 60 + 900 + options.history * 300) * 1000;

// ------------------------------------------------------------------------------------ measuring

/** Latencies and errors per path, only while measuring. */
const stats = new Map();
let measuring = false;
function note(path, ms, ok, killedInFlight = false) {
  if (!measuring) return;
  let s = stats.get(path);
  if (!s) {
    s = { latencies: [], errors: 0, inFlightOnKilled: 0, lastError: null };
    stats.set(path, s);
  }
  if (ok) s.latencies.push(ms);
  else if (killedInFlight) s.inFlightOnKilled++;
  else s.errors++;
}
const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

// ------------------------------------------------------------------------------------ HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });
/** The servers' origins; a refused connection is retried once on the other (as a proxy would). */
const servers = [];
let nextServer = 0;
let killedAt = null;

function send(origin, method, path, headers, body, timeoutMs) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, agent, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** One request through whichever server is next; `{ status, text, ms, ok }`, never throws. */
async function call(pathName, method, path, { headers = {}, body, timeoutMs = 10_000, accept } = {}) {
  const started = performance.now();
  let refused = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    // A process known dead is skipped; after a refused connection, the other one is tried.
    const live = servers.filter((s) => !s.killed && s !== refused);
    const server = live.length > 0 ? live[nextServer++ % live.length] : servers[0];
    try {
      const res = await send(server.origin, method, path, headers, body, timeoutMs);
      const ms = performance.now() - started;
      const ok = accept ? accept(res) : res.status === 200;
      if (!ok) {
        const s = stats.get(pathName);
        if (s) s.lastError = `${res.status} ${res.text.slice(0, 120)}`;
      }
      note(pathName, ms, ok);
      return { ...res, ms, ok };
    } catch (error) {
      // Never reached a server (it is down): safe to send to the other one.
      if (error.code === 'ECONNREFUSED' && attempt === 0) {
        refused = server;
        continue;
      }
      const ms = performance.now() - started;
      const onKilled = server.killed === true;
      note(pathName, ms, false, onKilled);
      const s = stats.get(pathName);
      if (s && !onKilled) s.lastError = error.message;
      return { status: 0, text: '', ms, ok: false };
    }
  }
}

// ------------------------------------------------------------------------------------ the world

async function prepare(client, origin, admin, { smsc, sink }) {
  const started = Date.now();
  const customers = Math.max(200, MIX.streams);
  const purchases = Math.ceil(MIX.purchasesPerSecond * (options.warmup + options.minutes * 60) * 1.2);
  const stock = MIX.openActivations + purchases + 1000;
  const world = await prepareWorld(client, origin, admin, { customers, stock });
  const { api, adminToken } = world;
  // SMPP inbound: a gateway bound as receiver to the simulator (system_id `mo`, which it sends MO to).
  const smppGateway = await api(adminToken, 'POST', '/api/admin/gateways', {
    kind: 'smpp',
    name: 'busy SMSC',
  });
  await api(adminToken, 'PUT', `/api/admin/gateways/${smppGateway.id}/smpp`, {
    host: '127.0.0.1',
    port: smsc.port,
    systemId: 'mo',
    password: 'busy',
    bindMode: 'receiver',
    enquireLinkSeconds: 30,
  });
  // Mass SMS out through the same simulator (system_id `mt`), at the mix's rate; the administrator pays.
  await api(adminToken, 'POST', '/api/admin/mass-sms/connectors', {
    kind: 'smpp',
    name: 'busy SMSC',
    password: 'busy',
    defaultSenderId: 'Busy',
    throughputPerSecond: MIX.massSmsPerSecond,
    config: { host: '127.0.0.1', port: smsc.port, systemId: 'mt', window: 50 },
  });
  await client.query(
    `with funded as (update users set balance = balance + 10000000 where username = $1 returning id, balance)
     insert into ledger_entries (user_id, type, amount, balance_after, reference, note)
     select id, 'recharge', 10000000, balance, 'bench:admin', 'benchmark funds' from funded`,
    [admin.username],
  );
  // Every customer's code webhook goes to the sink.
  await Promise.all(
    world.customers.map(async ({ token }) => {
      const current = await api(token, 'GET', '/api/code-settings');
      await api(token, 'PUT', '/api/code-settings', {
        answerFormat: current.answerFormat,
        windowMinutes: current.windowMinutes,
        timeZone: current.timeZone,
        webhookUrl: sink.url,
      });
    }),
  );
  // The MO bind is up once the simulator can hand an SMS (to a number nobody holds) to a server.
  for (let i = 0; !(await smsc.deliverMo({ from: 'Busy', to: world.strays[0], text: 'bind check' })); i++) {
    if (i >= 60) throw new Error('the SMPP gateway did not bind to the simulator within 30 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  await client.query('analyze');
  console.log(
    `  prepared ${customers} customers, ${stock} numbers, two gateways (webhook, SMPP), a mass SMS connector, webhooks in ${Date.now() - started} ms`,
  );
  return { ...world, smsc, sink };
}

// ------------------------------------------------------------------------------------ activations

/** Open activations by id: their owner, number, fate and where they are in it. */
const open = new Map();
const outcome = { bought: 0, codesSent: 0, codesSeen: 0, cancelled: 0, finished: 0, purchaseRefused: 0 };
const sentCodes = new Map(); // activation id → code
let smsSequence = 0;

function adopt(activation, { initial }) {
  const now = Date.now();
  const noCode = Math.random() < MIX.noCodeShare;
  const spread = initial ? Math.random() * measuredMs : 0;
  open.set(activation.id, {
    ...activation,
    boughtAt: now,
    fate: noCode ? 'noCode' : 'code',
    // Initial ones get their code, or are cancelled (not before the 2-minute lock), spread over the
    // run; new ones get theirs within a minute.
    codeAt: noCode ? null : now + (initial ? spread : 5_000 + Math.random() * 55_000),
    cancelAt: noCode ? now + CANCEL_AFTER_MS + (initial ? spread : 0) : null,
    nextPollAt: now + Math.random() * MIX.pollEveryMs,
    code: null,
    busy: false,
  });
}

const sa = (params) => `/stubs/handler_api.php?${new URLSearchParams(params)}`;

async function buy(world) {
  const customer = world.customers[Math.floor(Math.random() * world.customers.length)];
  if (Math.random() < MIX.getNumberShare) {
    const res = await call(
      'purchase getNumber',
      'GET',
      sa({ api_key: customer.apiKey, action: 'getNumber', service: 'busy', country: 187 }),
      {
        accept: (r) => r.status === 200 && r.text.startsWith('ACCESS_NUMBER:'),
      },
    );
    if (!res.ok) {
      if (res.text.startsWith('NO_NUMBERS')) outcome.purchaseRefused++;
      return;
    }
    const [, id, phone] = res.text.split(':');
    outcome.bought++;
    adopt({ id: Number(id), phone: `+${phone}`, customer }, { initial: false });
    return;
  }
  const res = await call('purchase store', 'POST', '/api/store/orders', {
    headers: {
      authorization: `Bearer ${customer.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      applicationId: world.appId,
      countryCode: 'US',
      cardType: 'new',
      validityOptionId: world.validity,
      quantity: 1,
    }),
  });
  if (!res.ok) return;
  const phone = JSON.parse(res.text).data.phones[0];
  outcome.bought++;
  adopt({ id: phone.rentalId, phone: phone.phoneNumber, customer, token: phone.token }, { initial: false });
}

async function poll(a) {
  const res = await call(
    'getStatus',
    'GET',
    sa({ api_key: a.customer.apiKey, action: 'getStatus', id: a.id }),
    {
      accept: (r) => r.status === 200 && r.text.startsWith('STATUS_'),
    },
  );
  if (res.ok && res.text.startsWith('STATUS_OK:') && !a.code) {
    a.code = res.text.slice('STATUS_OK:'.length);
    outcome.codesSeen++;
    if (Math.random() < 0.5) a.finishAt = Date.now() + 1000 + Math.random() * 9000;
    else open.delete(a.id); // the script has its code and stops polling
  }
}

async function finish(a) {
  open.delete(a.id);
  const res = await call(
    'setStatus 6',
    'GET',
    sa({ api_key: a.customer.apiKey, action: 'setStatus', id: a.id, status: 6 }),
    {
      accept: (r) => r.status === 200 && r.text === 'ACCESS_ACTIVATION',
    },
  );
  if (res.ok) outcome.finished++;
}

async function cancel(a) {
  open.delete(a.id);
  const res = await call(
    'setStatus 8',
    'GET',
    sa({ api_key: a.customer.apiKey, action: 'setStatus', id: a.id, status: 8 }),
    {
      accept: (r) => r.status === 200 && r.text === 'ACCESS_CANCEL',
    },
  );
  if (res.ok) outcome.cancelled++;
}

/** The signed generic-JSON webhook of one SMS, as an Android gateway posts it. */
function signedSms(world, to, text, id = `busy-${process.pid}-${smsSequence++}`) {
  const body = JSON.stringify({ id, to, from: 'Busy', text });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', world.gateway.secret).update(body).update(timestamp).digest('hex');
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, [SECRET_HEADER]: signature },
  };
}

/** One SMS over SMPP: the simulator's deliver_sm, answered by whichever server holds the bind. */
async function deliverOverSmpp(world, to, text, retries) {
  for (let attempt = 0; ; attempt++) {
    const started = performance.now();
    const ok = await world.smsc.deliverMo({ from: 'Busy', to, text });
    // An SMSC keeps an MO nobody answered and offers it again (after a kill: once the bind moved).
    if (ok || attempt >= retries) {
      note('inbound SMS (SMPP)', performance.now() - started, ok);
      return ok;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const smsToCode = { webhook: [], smpp: [] };
/** When each code was sent (ms since the epoch), for the codes whose SMS a server took. */
const codeSentAt = new Map();
async function sendCode(world, a) {
  const code = String(100000 + Math.floor(Math.random() * 900000));
  sentCodes.set(a.id, code);
  outcome.codesSent++;
  const sentAt = performance.now();
  a.codeSentAt = Date.now();
  const text = `Busy code: ${code}. Do not share it.`;
  const via = Math.random() < MIX.smppShare ? 'smpp' : 'webhook';
  if (via === 'smpp') {
    if (!(await deliverOverSmpp(world, a.phone, text, 30))) return;
  } else {
    // A gateway app retries a webhook that failed (the same SMS id: stored once).
    const id = `busy-${process.pid}-${smsSequence++}`;
    let posted = null;
    for (let attempt = 0; attempt < 5 && !posted?.ok; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 1000));
      const { body, headers } = signedSms(world, a.phone, text, id);
      posted = await call('inbound SMS', 'POST', `/api/inbound/${world.gateway.id}`, { headers, body });
    }
    if (!posted.ok) return;
  }
  codeSentAt.set(a.id, a.codeSentAt);
  // What a script polling without pause would see: the first getStatus that answers the code.
  for (let i = 0; i < 200; i++) {
    const res = await call(
      'getStatus (after an SMS)',
      'GET',
      sa({ api_key: a.customer.apiKey, action: 'getStatus', id: a.id }),
    );
    if (res.ok && res.text === `STATUS_OK:${code}`) {
      if (measuring) smsToCode[via].push(performance.now() - sentAt);
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  if (measuring) smsToCode[via].push(Number.POSITIVE_INFINITY);
}

async function sendStray(world) {
  const to = world.strays[Math.floor(Math.random() * world.strays.length)];
  const text = `Busy code: ${100000 + (smsSequence % 900000)}`;
  if (Math.random() < MIX.smppShare) {
    await deliverOverSmpp(world, to, text, 0);
    return;
  }
  const { body, headers } = signedSms(world, to, text);
  await call('inbound SMS', 'POST', `/api/inbound/${world.gateway.id}`, { headers, body });
}

/** A campaign every `campaignEverySeconds`, as many messages as go out meanwhile, to numbers never used before. */
const campaigns = { confirmed: 0, messages: 0 };
async function campaignLoop(world) {
  const size = Math.round(MIX.massSmsPerSecond * MIX.campaignEverySeconds);
  for (let n = 0; !stopping; n++) {
    const due = Date.now() + MIX.campaignEverySeconds * 1000;
    const recipients = Array.from({ length: size }, (_, i) => `+7${9160000000 + n * size + i}`);
    const res = await call('mass SMS campaign confirm', 'POST', '/api/mass-sms/campaigns', {
      headers: { authorization: `Bearer ${world.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        requestKey: randomUUID(),
        recipientsText: recipients.join('\n'),
        content: 'Busy day: your parcel is on its way.',
      }),
      timeoutMs: 60_000,
    });
    if (res.ok) {
      campaigns.confirmed++;
      campaigns.messages += size;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
  }
}

// ------------------------------------------------------------------------------------ the others

let stopping = false;
const linkWake = [];

async function waitOnLink(a) {
  while (!stopping && open.has(a.id)) {
    const after = new Date().toISOString();
    const res = await call(
      'code link (long-poll)',
      'GET',
      `/api/code/${a.token}?format=json&wait=30&after=${encodeURIComponent(after)}`,
      {
        timeoutMs: 40_000,
      },
    );
    if (!res.ok) await new Promise((r) => setTimeout(r, 500));
    else if (a.codeSentAt && measuring && res.text.includes(sentCodes.get(a.id) ?? '§'))
      linkWake.push(Date.now() - a.codeSentAt);
  }
}

let streamEvents = 0;
/** A browser's live event stream: a single-use ticket (`POST /api/events/ticket`), then `GET /api/events?ticket=…`. */
function holdStream(customer) {
  const connect = async () => {
    if (stopping) return;
    const issued = await call('event stream ticket', 'POST', '/api/events/ticket', {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    if (!issued.ok) {
      setTimeout(connect, 1000);
      return;
    }
    const { ticket } = JSON.parse(issued.text).data;
    const server = servers[nextServer++ % servers.length];
    const req = http.get(
      `${server.origin}/api/events?ticket=${ticket}`,
      { headers: { accept: 'text/event-stream' } },
      (res) => {
        note('event stream opened', 0, res.statusCode === 200);
        if (res.statusCode !== 200) {
          res.resume();
          setTimeout(connect, 1000);
          return;
        }
        res.on('data', () => {
          streamEvents++;
        });
        res.on('end', () => setTimeout(connect, 200));
        res.on('error', () => setTimeout(connect, 200));
      },
    );
    req.on('error', () => {
      note('event stream opened', 0, false, server.killed === true);
      setTimeout(connect, 500);
    });
  };
  connect();
}

async function adminLoop(world) {
  const headers = { authorization: `Bearer ${world.adminToken}` };
  const pages = [
    ['admin: reports', '/api/reports/statistics?period=today'],
    ['admin: SMS records', '/api/admin/sms-records?page=1&pageSize=20'],
    ['admin: user list', '/api/admin/users?page=1&pageSize=20'],
    ['admin: overview', '/api/dashboard/overview'],
  ];
  while (!stopping) {
    for (const [name, path] of pages) await call(name, 'GET', path, { headers });
    await new Promise((r) => setTimeout(r, 2000));
  }
}

// ------------------------------------------------------------------------------------ the run

const METRICS_TOKEN = randomUUID().replaceAll('-', '');

/**
 * The V8 heap and external memory of a server in MB, and its event loop's delay in ms since the last
 * reading (prom-client resets its histogram on each scrape: max and p99 of this 15 s window), from its
 * /metrics (`--heap on`), or null.
 */
async function heapOf(server) {
  try {
    const res = await fetch(`${server.origin}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await res.text();
    const value = (name) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1]);
    const mb = (name) => value(name) / 2 ** 20;
    return {
      used: mb('nodejs_heap_size_used_bytes'),
      total: mb('nodejs_heap_size_total_bytes'),
      external: mb('nodejs_external_memory_bytes'),
      lagMaxMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
      lagP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    };
  } catch {
    return null;
  }
}

function rssOf(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

async function main(machine) {
  const tuning = parseSettings(options['pg-settings']);
  // By default PostgreSQL as an operator runs it: stock settings (autovacuum on), plus `--pg-settings`.
  const privateCluster = !options['pg-url'] || options.statements > 0 || Object.keys(tuning).length > 0;
  const adminUrl = privateCluster
    ? (
        await startPrivatePostgres({
          settings: {
            ...(options.statements > 0
              ? {
                  shared_preload_libraries: 'pg_stat_statements',
                  'pg_stat_statements.track': 'all',
                  'pg_stat_statements.track_planning': 'on',
                }
              : {}),
            ...tuning,
          },
        })
      ).adminUrl
    : options['pg-url'];
  const database = await freshDatabase('postgres', { postgresAdminUrl: adminUrl });
  const env = {
    COMPAT_RATE_LIMIT_PER_SECOND: '0',
    CODE_LINK_LIMIT_PER_MINUTE: '10000000',
    EVENTS_MAX_STREAMS_PER_USER: '100',
    TRON_WATCHER: 'off',
    // The webhook sink is on loopback, which customers' webhooks may not reach by default.
    CODE_WEBHOOK_ALLOW_PRIVATE: 'true',
    ...(options.heap === 'on' ? { METRICS_TOKEN } : {}),
  };
  const start = (name) =>
    startJiemaServer({
      database,
      logLevel: options['log-level'],
      maxLifetimeMs: deadlineMs + 60_000,
      env,
    }).then((s) => ({ ...s, name }));
  const first = await start('A');
  servers.push(first);
  servers.push(await start('B'));
  const pg = await importFromServer('pg');
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    database.settings = await serverSettings(client);
    database.ownCluster = privateCluster;
    const history = options.history > 0 ? await seedHistory(client) : null;
    const smsc = await startSmscProcess({ countDestinations: true });
    const sink = await startWebhookSink();
    const world = await prepare(client, first.origin, first.admin, { smsc, sink });
    // The open activations at the start, bought through the store in orders of 100 (not measured).
    for (let left = MIX.openActivations, c = 0; left > 0; left -= 100, c++) {
      const customer = world.customers[c % world.customers.length];
      const res = await call('setup', 'POST', '/api/store/orders', {
        headers: {
          authorization: `Bearer ${customer.token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          applicationId: world.appId,
          countryCode: 'US',
          cardType: 'new',
          validityOptionId: world.validity,
          quantity: Math.min(100, left),
        }),
      });
      if (!res.ok) throw new Error(`setup purchase failed: ${res.status} ${res.text}`);
      for (const p of JSON.parse(res.text).data.phones)
        adopt({ id: p.rentalId, phone: p.phoneNumber, customer, token: p.token }, { initial: true });
    }
    console.log(
      `  ${open.size} open activations; warm-up ${options.warmup} s, then ${options.minutes} min measured`,
    );

    // Long-polled code links and live streams, held for the whole run.
    const linked = [...open.values()].filter((a) => a.fate === 'code' && a.token).slice(0, MIX.links);
    const linkLoops = linked.map((a) => waitOnLink(a));
    for (const customer of world.customers.slice(0, MIX.streams)) holdStream(customer);
    const adminLoops = Array.from({ length: MIX.admins }, () => adminLoop(world));
    const campaignLoopDone = campaignLoop(world);

    // One scheduler tick every 20 ms: purchases and SMS at their rates, due polls, codes, finishes, cancels.
    const began = Date.now();
    let purchaseCredit = 0;
    let smsCredit = 0;
    let last = Date.now();
    const inFlight = new Set();
    const track = (p) => {
      inFlight.add(p);
      p.finally(() => inFlight.delete(p));
    };
    const memory = [];
    const heaps = [];
    let cpuBefore = null;
    let dbSizeBefore = null;
    let massSmsBefore = null;
    let measuredAt = null;
    let killDone = false;
    while (true) {
      const now = Date.now();
      if (!measuring && now - began >= options.warmup * 1000) {
        measuring = true;
        measuredAt = now;
        cpuBefore = {
          at: process.cpuUsage(),
          servers: processesCpuMicros(servers.map((s) => s.pid)),
          pg: processesCpuMicros(await database.backendPids()),
          smsc: processesCpuMicros([smsc.pid]),
        };
        massSmsBefore = await massSmsCounts(client);
        if (options.statements > 0) {
          await client.query('create extension if not exists pg_stat_statements');
          await client.query('select pg_stat_statements_reset()');
          sampleWaits(database.env.DATABASE_URL, pg).catch((error) =>
            console.log(`  wait sampling stopped: ${error.message}`),
          );
        }
        dbSizeBefore = Number(
          (await client.query('select pg_database_size(current_database()) as b')).rows[0].b,
        );
      }
      if (measuring && now - measuredAt >= measuredMs) break;
      if (
        measuring &&
        !killDone &&
        options['kill-at'] > 0 &&
        now - measuredAt >= options['kill-at'] * 60_000
      ) {
        killDone = true;
        const victim = servers[1];
        // Known dead at once, as a proxy's health check would tell; requests in flight on it fail.
        victim.killed = true;
        killedAt = Date.now();
        process.kill(victim.pid, 'SIGKILL');
        console.log(`  killed server ${victim.name} (pid ${victim.pid}) with SIGKILL`);
        setTimeout(async () => {
          const again = await start('B (restarted)');
          servers[1] = again;
          console.log(`  server B started again (pid ${again.pid}) after ${Date.now() - killedAt} ms`);
        }, 10_000);
      }
      const dt = (now - last) / 1000;
      last = now;
      purchaseCredit += MIX.purchasesPerSecond * dt;
      smsCredit += MIX.smsPerSecond * dt;
      for (; purchaseCredit >= 1; purchaseCredit--) track(buy(world));
      for (const a of open.values()) {
        if (a.busy) continue;
        if (a.cancelAt !== null && now >= a.cancelAt) {
          track(cancel(a));
          continue;
        }
        if (a.finishAt && now >= a.finishAt) {
          track(finish(a));
          continue;
        }
        if (a.codeAt !== null && now >= a.codeAt && !a.codeSentAt && smsCredit >= 1) {
          smsCredit--;
          a.codeSentAt = now;
          track(sendCode(world, a));
        }
        if (now >= a.nextPollAt) {
          a.nextPollAt = now + MIX.pollEveryMs;
          a.busy = true;
          track(
            poll(a).finally(() => {
              a.busy = false;
            }),
          );
        }
      }
      for (; smsCredit >= 1; smsCredit--) track(sendStray(world));
      if (measuring && memory.length < (now - measuredAt) / 15_000) {
        memory.push(servers.map((s) => rssOf(s.pid)));
        if (options.heap === 'on') Promise.all(servers.map(heapOf)).then((h) => heaps.push(h));
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const cpuAfter = {
      at: process.cpuUsage(cpuBefore.at),
      servers: processesCpuMicros(servers.map((s) => s.pid)),
      pg: processesCpuMicros(await database.backendPids()),
      smsc: processesCpuMicros([smsc.pid]),
    };
    const massSmsAfter = await massSmsCounts(client);
    const statements = options.statements > 0 ? await dearestStatements(client, options.statements) : [];
    const dbSizeAfter = Number(
      (await client.query('select pg_database_size(current_database()) as b')).rows[0].b,
    );
    measuring = false;
    stopping = true;
    console.log(`  measured; letting ${inFlight.size} requests in flight finish…`);
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 15_000))]);
    await Promise.race([
      Promise.allSettled([...linkLoops, ...adminLoops, campaignLoopDone]),
      new Promise((r) => setTimeout(r, 35_000)),
    ]);
    const webhooks = await settleWebhooks(sink);
    const invariants = await checkInvariants(client);
    const mass = {
      before: massSmsBefore,
      after: massSmsAfter,
      atEnd: await massSmsCounts(client),
      simulator: await smsc.stats(),
    };
    return report({
      machine,
      database,
      cpuBefore,
      cpuAfter,
      memory,
      heaps,
      dbSizeBefore,
      dbSizeAfter,
      invariants,
      webhooks,
      mass,
      statements,
      history,
    });
  } finally {
    await client.end();
  }
}

/** The server settings that change what a busy day costs, as one line for the report. */
async function serverSettings(client) {
  const { rows } = await client.query(
    `select name, setting, unit from pg_settings
      where name in ('autovacuum', 'shared_buffers', 'jit', 'synchronous_commit', 'max_wal_size') order by name`,
  );
  const shown = (r) =>
    r.unit === '8kB' ? `${(Number(r.setting) * 8) / 1024} MB` : `${r.setting}${r.unit ? ` ${r.unit}` : ''}`;
  return rows.map((r) => `${r.name} ${shown(r)}`).join(', ');
}

/** `name=value,name=value` as an object of PostgreSQL settings (names and values as PostgreSQL spells them). */
function parseSettings(text) {
  const settings = {};
  for (const pair of text.split(',').filter((p) => p.trim() !== '')) {
    const [name, value] = pair.split('=').map((part) => part?.trim());
    if (!name || !value || !/^[a-z_.]+$/.test(name))
      throw new Error(`--pg-settings: not name=value: ${pair}`);
    settings[name] = value;
  }
  return settings;
}

/** A year of history before the day (`--history`): seeded, vacuumed and analysed, its size read. */
async function seedHistory(client) {
  console.log(`  seeding a year of history at scale ${options.history}`);
  const started = Date.now();
  const size = await seedReportDataset(client, options.history, (line) => console.log(`  ${line}`));
  const bytes = Number((await client.query('select pg_database_size(current_database()) as b')).rows[0].b);
  return { size, seconds: (Date.now() - started) / 1000, bytes };
}

/**
 * What the database's busy connections are doing, sampled every 200 ms while measuring (with
 * `--statements`): running on a CPU or waiting, and for what (a row lock, the WAL, a client), by statement.
 */
const waitSamples = new Map();
let waitSampleCount = 0;
async function sampleWaits(url, pg) {
  const sampler = new pg.Client({ connectionString: url });
  await sampler.connect();
  try {
    while (measuring) {
      const { rows } = await sampler.query(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
           from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      waitSampleCount++;
      for (const row of rows) {
        const key = `${row.wait} | ${row.query}`;
        waitSamples.set(key, (waitSamples.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await sampler.end();
  }
}

/** The statements that took PostgreSQL the most time in the window (pg_stat_statements). */
async function dearestStatements(client, count) {
  const { rows } = await client.query(
    `select regexp_replace(query, '\\s+', ' ', 'g') as query, calls::int,
            total_exec_time::float8 as ms, total_plan_time::float8 as plan_ms, plans::int, rows::int
       from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
        and query not like '%pg_stat_statements%'
      order by total_exec_time desc limit $1`,
    [count],
  );
  return rows;
}

/** Mass SMS messages by status (delivered, and the rest still queued or failed). */
async function massSmsCounts(client) {
  const { rows } = await client.query(`select status, count(*)::int as n from sms_outbound group by status`);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * Waits (up to 30 s) for the webhook of every code a server took, then tells how many never came, how
 * long they took from the SMS (p50/p99 over the measured ones) and what came twice.
 */
async function settleWebhooks(sink) {
  const missing = () => {
    const arrived = new Map(sink.arrivals.map((a) => [a.rentalId, a]));
    return [...codeSentAt.keys()].filter((id) => arrived.get(id)?.code !== sentCodes.get(id));
  };
  for (let i = 0; i < 60 && missing().length > 0; i++) await new Promise((r) => setTimeout(r, 500));
  const latencies = sink.arrivals
    .filter((a) => codeSentAt.has(a.rentalId))
    .map((a) => a.at - codeSentAt.get(a.rentalId))
    .sort((a, b) => a - b);
  return { expected: codeSentAt.size, missing: missing().length, latencies, ...sink.summary() };
}

async function checkInvariants(client) {
  const one = async (sql, params = []) => (await client.query(sql, params)).rows[0];
  const ledger = await one(
    `select count(*)::int as n from (select u.id from users u left join ledger_entries e on e.user_id = u.id
       where u.username not like 'bench\\_u%'
       group by u.id, u.balance having u.balance <> coalesce(sum(e.amount), 0)) x`,
  );
  const heldTwice = await one(
    `select count(*)::int as n from (select 1 from rentals where status in ('active', 'inactive', 'suspended')
       group by phone_number_id, application_id having count(*) > 1) x`,
  );
  const refundsTwice = await one(
    `select count(*)::int as n from (select reference from ledger_entries where type = 'refund'
       group by reference having count(*) > 1) x`,
  );
  const cancelledUnrefunded = await one(
    `select count(*)::int as n from rentals r where r.status = 'cancelled'
       and not exists (select 1 from ledger_entries e where e.reference = 'refund:rental:' || r.id)`,
  );
  const ids = [...sentCodes.keys()];
  const codes = [...sentCodes.values()];
  const missingCodes = await one(
    `select count(*)::int as n from unnest($1::bigint[], $2::text[]) as s(id, code)
       where not exists (select 1 from sms_messages m where m.rental_id = s.id and m.code = s.code)`,
    [ids, codes],
  );
  return {
    balancesOffLedger: ledger.n,
    numbersHeldTwice: heldTwice.n,
    refundsTwice: refundsTwice.n,
    cancelledWithoutRefund: cancelledUnrefunded.n,
    codesSent: ids.length,
    codesMissing: missingCodes.n,
  };
}

function report({
  machine,
  database,
  cpuBefore,
  cpuAfter,
  memory,
  heaps,
  dbSizeBefore,
  dbSizeAfter,
  invariants,
  webhooks,
  mass,
  statements,
  history,
}) {
  const seconds = options.minutes * 60;
  const rows = [];
  let errors = 0;
  for (const [path, s] of [...stats.entries()].sort()) {
    const sorted = s.latencies.sort((a, b) => a - b);
    errors += s.errors;
    rows.push(
      `| ${path} | ${sorted.length} | ${(sorted.length / seconds).toFixed(1)} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ${(sorted.at(-1) ?? NaN).toFixed(0)} | ${s.errors} | ${s.inFlightOnKilled} |${s.errors ? ` ${s.lastError ?? ''}` : ''}`,
    );
  }
  const byNumber = (a, b) => a - b;
  const codeSorted = [...smsToCode.webhook, ...smsToCode.smpp].sort(byNumber);
  const webhookCodes = smsToCode.webhook.sort(byNumber);
  const smppCodes = smsToCode.smpp.sort(byNumber);
  const massDelivered = (mass.after.delivered ?? 0) - (mass.before.delivered ?? 0);
  const massRate = massDelivered / seconds;
  const massSentTwice =
    mass.simulator.destinations === null ? null : mass.simulator.submits - mass.simulator.destinations;
  const wakeSorted = linkWake.sort((a, b) => a - b);
  const cpu = (micros) => `${((micros / 1e6 / seconds) * 100).toFixed(0)} %`;
  const serverCpu = servers.map(
    (s) => `${s.name} ${cpu((cpuAfter.servers.get(s.pid) ?? 0) - (cpuBefore.servers.get(s.pid) ?? 0))}`,
  );
  let pgMicros = 0;
  for (const [pid, m] of cpuAfter.pg) if (cpuBefore.pg.has(pid)) pgMicros += m - cpuBefore.pg.get(pid);
  const smscMicros = [...cpuAfter.smsc.values()][0] - [...cpuBefore.smsc.values()][0];
  // The first and the last minute's median RSS of each server: a process's RSS rises and falls with its
  // heap between collections (tens of MB here), so two single samples compare two points of that saw,
  // not the memory it keeps.
  const complete = memory.filter((m) => m.every((x) => x !== null));
  const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const minuteOf = (samples) => servers.map((_, i) => medianOf(samples.map((m) => m[i])));
  const firstMem = complete.length ? minuteOf(complete.slice(0, 4)) : [];
  const lastMem = complete.length ? minuteOf(complete.slice(-4)) : [];
  const growth = firstMem.map((m, i) => (lastMem[i] && m ? lastMem[i] / m - 1 : NaN));
  const dbPerHour = ((dbSizeAfter - dbSizeBefore) / seconds) * 3600;
  const p = (path) => stats.get(path)?.latencies ?? [];
  const p99Of = (...paths) =>
    quantile(
      paths.flatMap(p).sort((a, b) => a - b),
      0.99,
    );
  const checks = [
    ['0 errors', errors === 0],
    [`getStatus p99 < ${TARGETS.pollP99} ms`, p99Of('getStatus') < TARGETS.pollP99],
    [
      `purchases p99 < ${TARGETS.purchaseP99} ms`,
      p99Of('purchase getNumber', 'purchase store') < TARGETS.purchaseP99,
    ],
    [
      `admin pages p99 < ${TARGETS.pageP99} ms`,
      p99Of('admin: reports', 'admin: SMS records', 'admin: user list', 'admin: overview') < TARGETS.pageP99,
    ],
    [`SMS→code p99 < ${TARGETS.smsToCodeP99} ms`, quantile(codeSorted, 0.99) < TARGETS.smsToCodeP99],
    ['every code delivered', invariants.codesMissing === 0],
    [
      'every code at its webhook, no SMS delivered twice',
      webhooks.missing === 0 && webhooks.smsDeliveredTwice === 0,
    ],
    [
      `mass SMS delivered ≥ ${TARGETS.massSmsShare * 100} % of ${MIX.massSmsPerSecond} msg/s, none sent twice`,
      massRate >= TARGETS.massSmsShare * MIX.massSmsPerSecond && massSentTwice === 0,
    ],
    [
      'ledger and stock invariants',
      invariants.balancesOffLedger === 0 &&
        invariants.numbersHeldTwice === 0 &&
        invariants.refundsTwice === 0 &&
        invariants.cancelledWithoutRefund === 0,
    ],
    [`memory growth < ${TARGETS.memoryGrowth * 100} %`, growth.every((g) => g < TARGETS.memoryGrowth)],
  ];
  const activationsPerDay = Math.round((outcome.bought / seconds) * 86400);
  const markdown = `## A busy day (\`bench/busy-day.mjs\`), scale ${S}${options['kill-at'] ? `, one server killed -9 at minute ${options['kill-at']}` : ''}${history ? `, on a year of history (scale ${options.history})` : ''}

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; machine: ${machineLine(machine)}; load average ${machine.loadAverage.toFixed(2)} at the start
- Code: ${machine.commit}; database: ${database.description}${database.ownCluster ? " on a cluster of the benchmark's own" : ''} (${database.settings}); two server processes, clients alternate between them
${
  history
    ? `- History: the database held a year of a busy platform's history before the day (\`lib/report-dataset.mjs\` at scale ${options.history}: ${Object.entries(
        history.size,
      )
        .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
        .join(
          ', ',
        )}, with their rentals, ledger entries, code webhooks and receipts); ${(history.bytes / 2 ** 30).toFixed(2)} GiB on disk after seeding (${history.seconds.toFixed(0)} s), the dataset's rows left out of the invariants below (its balances are not kept by a ledger)\n`
    : ''
}- Mix: ${MIX.openActivations} open activations at the start polled every ${MIX.pollEveryMs / 1000} s, ${MIX.purchasesPerSecond} purchases/s (${MIX.getNumberShare * 100} % getNumber), ${MIX.smsPerSecond} inbound SMS/s (${MIX.smppShare * 100} % over SMPP), every customer's code webhook to a local sink, a mass SMS campaign of ${Math.round(MIX.massSmsPerSecond * MIX.campaignEverySeconds).toLocaleString('en-US')} every ${MIX.campaignEverySeconds} s at ${MIX.massSmsPerSecond} msg/s over SMPP, ${MIX.links} code links long-polling, ${MIX.streams} event streams, ${MIX.admins} administrators; ${options.warmup} s warm-up, ${options.minutes} min measured
- Activations bought in the window: ${outcome.bought} (≈ ${activationsPerDay.toLocaleString('en-US')} a day at this pace); codes sent ${outcome.codesSent}, seen by polling ${outcome.codesSeen}; cancelled ${outcome.cancelled}, finished ${outcome.finished}

| Path | Requests | per s | p50 ms | p99 ms | max ms | errors | failed in flight on the killed process |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

- SMS→code (SMS sent → \`getStatus\` answers the code): p50 ${quantile(codeSorted, 0.5).toFixed(0)} ms, p99 ${quantile(codeSorted, 0.99).toFixed(0)} ms over ${codeSorted.length} (generic webhook p99 ${quantile(webhookCodes, 0.99).toFixed(0)} ms over ${webhookCodes.length}, SMPP p99 ${quantile(smppCodes, 0.99).toFixed(0)} ms over ${smppCodes.length}); a waiting code link woke p50 ${quantile(wakeSorted, 0.5)} ms, p99 ${quantile(wakeSorted, 0.99)} ms after the SMS was sent (${wakeSorted.length})
- Customer webhooks: ${webhooks.expected - webhooks.missing} of ${webhooks.expected} codes arrived at the sink, p50 ${quantile(webhooks.latencies, 0.5)} ms, p99 ${quantile(webhooks.latencies, 0.99)} ms after the SMS was sent; ${webhooks.redelivered} deliveries retried (same id), ${webhooks.smsDeliveredTwice} SMS delivered twice
- Mass SMS: ${campaigns.confirmed} campaigns confirmed (${campaigns.messages.toLocaleString('en-US')} messages); ${massDelivered.toLocaleString('en-US')} delivered in the window = ${massRate.toFixed(0)} msg/s; at the end ${JSON.stringify(mass.atEnd)}; the simulator took ${mass.simulator.submits.toLocaleString('en-US')} submits to ${mass.simulator.destinations?.toLocaleString('en-US')} numbers
- CPU over the window (100 % = one core): servers ${serverCpu.join(', ')}; PostgreSQL ${cpu(pgMicros)}; SMSC simulator ${cpu(smscMicros)}; load generator ${cpu(cpuAfter.at.user + cpuAfter.at.system)}
- Memory (RSS MB, sampled every 15 s; median of the first minute → median of the last): ${servers.map((s, i) => `${s.name} ${firstMem[i]?.toFixed(0)} → ${lastMem[i]?.toFixed(0)} (${(growth[i] * 100).toFixed(1)} %)`).join(', ')}
${
  heaps.length
    ? `- V8 heap used / heap total / external memory (MB, first and last sample): ${servers
        .map((s, i) => {
          const h = (x) =>
            x ? `${x.used.toFixed(0)} / ${x.total.toFixed(0)} / ${x.external.toFixed(0)}` : '?';
          return `${s.name} ${h(heaps[0]?.[i])} → ${h(heaps.at(-1)?.[i])}`;
        })
        .join(
          ', ',
        )}\n- Event loop delay (ms; each 15 s window's p99 and max, then the median and the highest of those windows): ${servers
        .map((s, i) => {
          const of = (pick) =>
            heaps
              .map((h) => h[i])
              .filter((x) => x && Number.isFinite(pick(x)))
              .map(pick)
              .sort((a, b) => a - b);
          const p99 = of((x) => x.lagP99Ms);
          const max = of((x) => x.lagMaxMs);
          const mid = (xs) => xs[Math.floor(xs.length / 2)]?.toFixed(0) ?? '?';
          return `${s.name} p99 ${mid(p99)} / ${p99.at(-1)?.toFixed(0) ?? '?'}, max ${mid(max)} / ${max.at(-1)?.toFixed(0) ?? '?'}`;
        })
        .join('; ')}\n`
    : ''
}- Database growth: ${(dbPerHour / 2 ** 20).toFixed(0)} MB per hour at this pace; ${streamEvents} stream events received
- Afterwards: ${JSON.stringify(invariants)}

${checks.map(([what, ok]) => `- ${what}: **${ok ? 'met' : 'not met'}**`).join('\n')}${statementsTable(statements, seconds)}`;
  if (heaps.length) {
    const series = (pick) => servers.map((srv, i) => `${srv.name} ${heaps.map((h) => pick(h[i])).join(' ')}`);
    console.log(
      `RSS MB every 15 s: ${servers.map((srv, i) => `${srv.name} ${memory.map((m) => m[i]?.toFixed(0)).join(' ')}`).join(' | ')}`,
    );
    console.log(`heap total MB: ${series((x) => x?.total.toFixed(0)).join(' | ')}`);
    console.log(`heap used MB: ${series((x) => x?.used.toFixed(0)).join(' | ')}`);
    console.log(`external MB: ${series((x) => x?.external.toFixed(0)).join(' | ')}`);
    console.log(`event loop delay max ms: ${series((x) => x?.lagMaxMs.toFixed(0)).join(' | ')}`);
  }
  console.log(`\n${markdown}\n`);
  return markdown;
}

/** The dearest statements of the window as a table (empty without `--statements`). */
function statementsTable(statements, seconds) {
  if (statements.length === 0) return '';
  const total = statements.reduce((sum, s) => sum + s.ms, 0);
  const short = (text) => `\`${text.length > 160 ? `${text.slice(0, 160)}…` : text}\``.replaceAll('|', '\\|');
  const lines = statements.map(
    (s) =>
      `| ${short(s.query)} | ${(s.calls / seconds).toFixed(1)} | ${(s.ms / s.calls).toFixed(2)} | ${((s.ms / seconds / 1000) * 100).toFixed(1)} % | ${(s.plans / s.calls).toFixed(2)} | ${s.plans ? (s.plan_ms / s.plans).toFixed(2) : '-'} |`,
  );
  const waits = [...waitSamples.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
  const waitLines = waits.map(([key, n]) => {
    const [wait, query] = key.split(' | ');
    return `| ${wait} | ${short(query)} | ${(n / waitSampleCount).toFixed(2)} |`;
  });
  return `

The ${statements.length} dearest statements of the window (pg_stat_statements; ${((total / seconds / 1000) * 100).toFixed(0)} % of one core's time in all of them):

| Statement | Calls/s | ms/call | Share of one core | Plans/call | Plan ms |
| --- | ---: | ---: | ---: | ---: | ---: |
${lines.join('\n')}

Busy connections by what they wait for (${waitSampleCount} samples of \`pg_stat_activity\`, 5 a second; average connections in that state):

| Wait | Statement | Connections |
| --- | --- | ---: |
${waitLines.join('\n')}`;
}

const machine = describeMachine();
console.log(
  `load average ${machine.loadAverage.toFixed(2)} at the start${machine.loadAverage >= 1 ? ' (not idle: a figure taken now is not a result)' : ''}`,
);
await runBounded(
  async () => {
    const markdown = await main(machine);
    if (options.record === 'on') {
      if (machine.loadAverage >= 1) console.log('not recorded: the machine was not idle at the start');
      else
        recordSection(
          `busy-day:scale-${S}${options['kill-at'] ? ':kill' : ''}${options.history > 0 ? `:history-${options.history}` : ''}${options['pg-settings'] ? ':tuned' : ''}`,
          markdown,
        );
    }
    return 0;
  },
  { deadlineMs },
);
