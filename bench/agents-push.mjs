// SIM-farm agents' PUSH_SMS (the SMSHub agent protocol, Jiema on the hub's side): SMS ingested per
// second through `POST /api/agents/sms` (gzip JSON, the protocol's field types) on PostgreSQL, target
// ≥ 2,000 SMS/s as for the inbound gateways; and the time from a push to its code in a waiting
// long-poll of the code link, target p99 < 50 ms. Afterwards the database is checked: every pushed
// SMS stored once, attributed to the rental of its number, with its code.

import { createHmac } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { addUsNumbers, buyUsNumbers, fundUser, pricedApplication } from './lib/bench-world.mjs';
import { runBounded } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { BUILT_SERVER, logIn, startJiemaServer } from './lib/jiema-server.mjs';
import { measureLoad } from './lib/load.mjs';
import { describeMachine } from './lib/machine.mjs';
import { LOAD_WINDOW_OPTIONS, parsers, readOptions } from './lib/options.mjs';
import { formatRate, loadTable, machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';

const TARGET_RATE = 2000;
const TARGET_P99_MS = 50;
const KEY = 'bench-agent-protocol-key';
const GATEWAY_SECRET = 'bench-gateway-secret';
process.on('uncaughtException', (error) => {
  // Long-polls still open when the server stops die with ECONNRESET; they are no longer measured.
  if (error?.code === 'ECONNRESET') return;
  console.error(error);
  process.exit(1);
});

const options = readOptions(
  {
    ...LOAD_WINDOW_OPTIONS,
    connections: {
      env: 'BENCH_CONNECTIONS',
      default: 8,
      parse: parsers.positiveInteger,
      help: 'concurrent connections',
    },
    numbers: {
      env: 'BENCH_NUMBERS',
      default: 200,
      parse: parsers.positiveInteger,
      help: 'agent numbers, each rented',
    },
    gzip: {
      env: 'BENCH_GZIP',
      default: 'yes',
      parse: parsers.yesNo,
      help: 'gzip the pushes (the protocol asks it)',
    },
    rate: {
      env: 'BENCH_SMS_RATE',
      default: 200,
      parse: parsers.positiveInteger,
      help: 'pushes per second, latency phase',
    },
    'sms-seconds': {
      env: 'BENCH_SMS_SECONDS',
      default: 10,
      parse: parsers.positiveInteger,
      help: 'seconds timed, latency phase',
    },
    'log-level': { env: 'BENCH_LOG_LEVEL', default: 'warn', parse: parsers.text, help: "server's LOG_LEVEL" },
    'pg-url': {
      env: 'BENCH_PG_URL',
      default: 'postgres://postgres@127.0.0.1:5432/postgres',
      parse: parsers.text,
      help: 'PostgreSQL admin URL (loopback only); a fresh database is created and dropped',
    },
    server: {
      env: 'BENCH_SERVER',
      default: BUILT_SERVER,
      parse: (raw) => path.resolve(raw),
      help: 'built server entry to run',
    },
    baseline: {
      env: 'BENCH_BASELINE',
      default: 'yes',
      parse: parsers.yesNo,
      help: 'also measure the generic inbound webhook on the same server and numbers (the in-run baseline)',
    },
    record: { env: 'BENCH_RECORD', default: 'yes', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  { usage: 'node agents-push.mjs [options]: PUSH_SMS ingested/s and push-to-long-poll latency' },
);
const deadlineMs = (240 + 2 * (options.warmup + options.duration) + options['sms-seconds'] * 2) * 1000;
let sequence = 0;

await runBounded(
  async () => {
    const { markdown, valid } = await benchmark(describeMachine());
    if (!valid) {
      console.error(
        'Failures or an inconsistent database: the measurement is not valid and was not recorded.',
      );
      return 1;
    }
    if (options.record) {
      recordSection('agents-push:postgres', markdown);
      console.log('Recorded in bench/RESULTS.md');
    }
    return 0;
  },
  { deadlineMs },
);

async function benchmark(machine) {
  const database = await freshDatabase('postgres', { postgresAdminUrl: options['pg-url'] });
  const jiema = await startJiemaServer({
    database,
    logLevel: options['log-level'],
    maxLifetimeMs: deadlineMs + 30_000,
    script: options.server,
    // No agent workers: nothing polls a farm during the run (there is none), pushes only.
    env: {
      STORE_SWEEP_INTERVAL_SECONDS: '0',
      CODE_LINK_LIMIT_PER_MINUTE: '10000000',
      AGENT_POLL_SECONDS: '0',
    },
  });
  const pg = await importFromServer('pg');
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    console.log(`\nPostgreSQL: ${database.description}`);
    const world = await prepare(client, jiema);
    const url = `${jiema.origin}/api/agents/sms`;
    const probe = await fetch(url, { method: 'POST', ...pushOf(world, 'probe') }).then((r) => r.json());
    if (probe.status !== 'SUCCESS') throw new Error(`PUSH_SMS answered ${JSON.stringify(probe)}`);

    const processGroups = async () => ({ server: [jiema.pid], database: await database.backendPids() });
    // The in-run baseline: the generic gateway webhook (same server, numbers, rentals, ingest path and
    // connections), whose own target is the same; the machine's load moves both alike.
    let inbound = null;
    if (options.baseline) {
      console.log(`  generic inbound webhook, ${options.connections} connections, ${options.duration} s…`);
      inbound = await measureLoad(`${jiema.origin}/api/inbound/${world.gatewayId}`, {
        connections: options.connections,
        durationSeconds: options.duration,
        warmupSeconds: options.warmup,
        method: 'POST',
        requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, ...webhookOf(world) }) }],
        processGroups,
      });
    }
    console.log(`  PUSH_SMS, ${options.connections} connections, ${options.duration} s…`);
    const before = Number(
      (await client.query(`select count(*) from sms_messages where source like 'agent:%'`)).rows[0].count,
    );
    const push = await measureLoad(url, {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
      method: 'POST',
      requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, ...pushOf(world, 'load') }) }],
      processGroups,
    });
    const check = await checkDatabase(client, before);
    const rate = push.requestsPerSecond;

    console.log(
      `  ${options.rate} pushes/s for ${options['sms-seconds']} s, ${world.rentals.length} long-polls waiting…`,
    );
    const latency = await measureLatency(jiema.origin, world);
    console.log(`  latency: ${JSON.stringify(latency)}`);

    const table = loadTable([
      ...(inbound
        ? [
            {
              label: `Jiema \`POST /api/inbound/${world.gatewayId}\` (generic JSON, signed; baseline)`,
              load: inbound,
            },
          ]
        : []),
      { label: `Jiema \`POST /api/agents/sms\` (PUSH_SMS${options.gzip ? ', gzip' : ''})`, load: push },
    ]);
    const ratio = inbound ? (rate / inbound.requestsPerSecond).toFixed(2) : null;
    console.log(
      `\n${table}\nPUSH_SMS/s: ${formatRate(rate)} (target >= ${TARGET_RATE})${ratio ? `; ${ratio} × the generic inbound webhook's ${formatRate(inbound.requestsPerSecond)}/s in this run` : ''}; database ${JSON.stringify(check)}`,
    );
    const markdown = `## SIM-farm agents: PUSH_SMS ingested, and push → code in a waiting long-poll, PostgreSQL

**${formatRate(rate)} SMS/s** stored, attributed and extracted through \`POST /api/agents/sms\`; target ≥ ${TARGET_RATE}/s: **${rate >= TARGET_RATE ? 'met' : 'not met'}**.${ratio ? ` The generic gateway webhook on the same server and numbers in the same run: ${formatRate(inbound.requestsPerSecond)} SMS/s (PUSH_SMS at ${ratio} × that).` : ''} **p99 ${latency.p99} ms** from a push to its code in a waiting long-poll (p50 ${latency.p50} ms, max ${latency.max} ms, ${latency.count} SMS at ${options.rate}/s); target p99 < ${TARGET_P99_MS} ms: **${latency.p99 < TARGET_P99_MS ? 'met' : 'not met'}**.

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineLine(machine)}; load generator, server and PostgreSQL share these cores
- Code: ${machine.commit}; one server process; database ${database.description}
- Load: autocannon, ${options.connections} connections, ${options.warmup} s warm-up then ${options.duration} s; each request a new PUSH_SMS (\`{"smsId":<n>,"phoneFrom":"Telegram","phone":<number>,"text":"Telegram code: …","action":"PUSH_SMS","key":…}\`${options.gzip ? ', gzip-compressed in the load generator' : ''}) to one of ${options.numbers} numbers the agent gave, each held by an activation; answered \`{"status":"SUCCESS"}\` after the commit
- Per push on the server: gunzip, strict field types, the agent by its key (from memory, exact), then the one ingest path (holding rentals from memory, attribution, extraction) and the SMS that arrived meanwhile inserted in ONE statement and commit, which also checks each number is the pushing agent's
- Checked afterwards: ${check.stored} SMS stored, ${check.attributed} attributed, ${check.withCode} with the right code, duplicates of one smsId: ${check.duplicates}
- Latency: from just before a push is sent to the moment \`GET /api/code/<token>?wait=30&after=…\` waiting on that rental returns its code; p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms; lost ${latency.lost}, push failures ${latency.postFailures}

${table}`;
    return { markdown, valid: push.failures === 0 && check.consistent && latency.postFailures === 0 };
  } finally {
    await client.end();
  }
}

/** The administrator as buyer; `numbers` rentals bought through the store; those numbers made the agent's. */
async function prepare(client, jiema) {
  const started = Date.now();
  const token = await logIn(jiema.origin, jiema.admin);
  const [{ id: userId }] = (
    await client.query('select id from users where username = $1', [jiema.admin.username])
  ).rows;
  await fundUser(client, userId, 100000);
  const { appId, validity } = await pricedApplication(client, {
    code: 'benchag',
    nameZh: '压测代理',
    nameEn: 'Bench agent',
    kind: 'activation',
    patterns: { sender: 'telegram', keyword: 'telegram' },
  });
  await addUsNumbers(client, options.numbers);
  await buyUsNumbers(jiema.origin, token, { appId, validity, count: options.numbers });
  const [{ id: agentId }] = (
    await client.query(
      `insert into agents (name, url, api_key, currency, rate_to_usdt, default_pay)
       values ('bench farm', 'http://127.0.0.1:9/smshub', $1, 643, 0.011, 10) returning id`,
      [KEY],
    )
  ).rows;
  // The numbers as an agent's (what GET_NUMBER would have written): PUSH_SMS accepts only those.
  await client.query(`update phone_numbers set source = $1 where source = 'bench'`, [`agent:${agentId}`]);
  const { rows: rentals } = await client.query(
    'select id, token, phone_number from rentals where user_id = $1 order by id',
    [userId],
  );
  const [{ id: gatewayId }] = (
    await client.query(
      `insert into gateways (kind, name, secret) values ('generic', 'bench', $1) returning id`,
      [GATEWAY_SECRET],
    )
  ).rows;
  await client.query('analyze');
  console.log(`  prepared ${rentals.length} agent numbers, rented, in ${Date.now() - started} ms`);
  return { rentals, gatewayId };
}

/** One PUSH_SMS request: a new smsId, a code derived from it, to the next number. */
function pushOf(world, tag, code = String(10000 + (sequence % 90000))) {
  const n = sequence++;
  const rental = world.rentals[n % world.rentals.length];
  const json = `{"smsId":${n + (tag === 'probe' ? 9e9 : 1)},"phoneFrom":"Telegram","phone":${rental.phone_number.slice(1)},"text":"Telegram code: ${code}. Do not give this code to anyone!","action":"PUSH_SMS","key":"${KEY}"}`;
  return {
    headers: {
      'content-type': 'application/json',
      'user-agent': 'bench-farm/1',
      'accept-encoding': 'gzip',
      ...(options.gzip ? { 'content-encoding': 'gzip' } : {}),
    },
    body: options.gzip ? gzipSync(json) : json,
    rental,
  };
}

/** The same SMS as a generic-JSON gateway webhook (signed), for the in-run baseline. */
function webhookOf(world) {
  const n = sequence++;
  const rental = world.rentals[n % world.rentals.length];
  const body = JSON.stringify({
    id: `bench-${n}`,
    to: rental.phone_number,
    from: 'Telegram',
    text: `Telegram code: ${10000 + (n % 90000)}. Do not give this code to anyone!`,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', GATEWAY_SECRET).update(body).update(timestamp).digest('hex');
  return {
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
    body,
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

async function measureLatency(origin, world) {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: world.rentals.length + 64 });
  const request = (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const req = http.request(`${origin}${path}`, { method, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const sentAt = new Map();
  const latencies = [];
  let postFailures = 0;
  let stopping = false;
  const since = new Date(Date.now() - 1000).toISOString();
  // One long-poll always waiting on every rental, re-issued after each answer.
  const waited = world.rentals;
  const waiters = waited.map(async (rental) => {
    let after = since;
    while (!stopping) {
      const res = await request(
        'GET',
        `/api/code/${rental.token}?format=json&wait=30&after=${encodeURIComponent(after)}`,
      ).catch(() => null);
      const now = performance.now();
      if (res?.status !== 200) continue;
      const item = JSON.parse(res.text).data.items[0];
      if (item?.code && sentAt.has(item.code)) {
        latencies.push(now - sentAt.get(item.code));
        sentAt.delete(item.code);
      }
      if (item?.receivedAt) after = new Date(Date.parse(item.receivedAt) + 1).toISOString();
    }
  });
  await new Promise((r) => setTimeout(r, 1000));
  const warmupCount = options.rate * options.warmup;
  const total = warmupCount + options.rate * options['sms-seconds'];
  const posts = [];
  const startedAt = performance.now();
  for (let i = 0; i < total; i++) {
    const due = startedAt + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const code = String(300000 + i);
    const push = pushOf({ rentals: [waited[i % waited.length]] }, 'latency', code);
    if (i >= warmupCount) sentAt.set(code, performance.now());
    posts.push(
      request('POST', '/api/agents/sms', push.headers, push.body)
        .then((r) => {
          if (r.status !== 200) postFailures += 1;
        })
        .catch(() => {
          postFailures += 1;
        }),
    );
  }
  await Promise.all(posts);
  await new Promise((r) => setTimeout(r, 2000));
  stopping = true;
  const lost = sentAt.size;
  agent.destroy();
  void waiters;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: latencies.length,
    lost,
    postFailures,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

async function checkDatabase(client, before) {
  const { rows } = await client.query(
    `select count(*)::int as stored, count(rental_id)::int as attributed,
       count(*) filter (where code = substring(text from 'code: (\\d+)'))::int as with_code,
       (select count(*)::int from (select 1 from sms_messages group by source, external_id having count(*) > 1) d) as duplicates
     from sms_messages where source like 'agent:%'`,
  );
  const r = rows[0];
  const stored = r.stored - before;
  return {
    stored,
    attributed: r.attributed,
    withCode: r.with_code,
    duplicates: r.duplicates,
    consistent: r.duplicates === 0 && r.attributed === r.stored && r.with_code === r.stored && stored > 0,
  };
}
