// The code link (issue 8 measures): reads per second of `GET /api/code/:token` on PostgreSQL next to
// bare Fastify in the same run (target ≥ 0.5), and the time from an SMS posted to a gateway's generic
// webhook to its code in a waiting long-poll at 200 SMS/s (target p99 < 50 ms).
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { startBareFastify } from './lib/bare-fastify.mjs';
import { addUsNumbers, buyUsNumbers, fundUser, pricedApplication } from './lib/bench-world.mjs';
import { runBounded } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { BUILT_SERVER, logIn, startJiemaServer } from './lib/jiema-server.mjs';
import { measureLoad } from './lib/load.mjs';
import { describeMachine } from './lib/machine.mjs';
import { LOAD_WINDOW_OPTIONS, parsers, readOptions } from './lib/options.mjs';
import { loadTable, machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';

const TARGET_RATIO = 0.5;
// Long-polls still open when the server is stopped at the end die with ECONNRESET on a socket Node
// reports without a listener; they are no longer measured, so that one error is not fatal here.
process.on('uncaughtException', (error) => {
  if (error?.code === 'ECONNRESET') return;
  console.error(error);
  process.exit(1);
});
const TARGET_P99_MS = 50;

const options = readOptions(
  {
    ...LOAD_WINDOW_OPTIONS,
    connections: {
      env: 'BENCH_CONNECTIONS',
      default: 10,
      parse: parsers.positiveInteger,
      help: 'connections',
    },
    rate: {
      env: 'BENCH_SMS_RATE',
      default: 200,
      parse: parsers.positiveInteger,
      help: 'SMS per second posted',
    },
    'sms-seconds': {
      env: 'BENCH_SMS_SECONDS',
      default: 10,
      parse: parsers.positiveInteger,
      help: 'seconds of SMS',
    },
    rentals: {
      env: 'BENCH_RENTALS',
      default: 200,
      parse: parsers.positiveInteger,
      help: 'rentals waited on',
    },
    'log-level': { env: 'BENCH_LOG_LEVEL', default: 'warn', parse: parsers.text, help: "server's LOG_LEVEL" },
    'pg-url': {
      env: 'BENCH_PG_URL',
      default: 'postgres://postgres@127.0.0.1:5432/postgres',
      parse: parsers.text,
      help: 'PostgreSQL admin URL (loopback only)',
    },
    server: {
      env: 'BENCH_SERVER',
      default: BUILT_SERVER,
      parse: (raw) => path.resolve(raw),
      help: 'built server entry to run (to compare builds, or a profiling wrapper)',
    },
    record: { env: 'BENCH_RECORD', default: 'yes', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  { usage: 'node code-link.mjs [options]: code link reads/s vs bare Fastify, and SMS-to-long-poll latency' },
);

const deadlineMs = (200 + 2 * (options.warmup + options.duration) + options['sms-seconds'] * 2) * 1000;

await runBounded(
  async () => {
    const machine = describeMachine();
    const { markdownReads, markdownLatency, valid } = await benchmark(machine);
    if (!valid) {
      console.error('Some requests failed: the measurement is not valid and was not recorded.');
      return 1;
    }
    if (options.record) {
      recordSection('code-link-reads:postgres', markdownReads);
      recordSection('code-link-latency:postgres', markdownLatency);
      console.log('Recorded in bench/RESULTS.md');
    }
    return 0;
  },
  { deadlineMs },
);

async function benchmark(machine) {
  const maxLifetimeMs = deadlineMs + 30_000;
  const database = await freshDatabase('postgres', { postgresAdminUrl: options['pg-url'] });
  const jiema = await startJiemaServer({
    database,
    logLevel: options['log-level'],
    maxLifetimeMs,
    script: options.server,
    env: { STORE_SWEEP_INTERVAL_SECONDS: '0', CODE_LINK_LIMIT_PER_MINUTE: '10000000' },
  });
  const pg = await importFromServer('pg');
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    console.log(`\nPostgreSQL: ${database.description}`);
    const world = await prepare(client, jiema);
    const path = `/api/code/${world.rentals[0].token}`;
    const check = await fetch(`${jiema.origin}${path}`);
    if (check.status !== 200 || (await check.text()) !== '111111')
      throw new Error(`code link answered ${check.status}`);
    const baseline = await startBareFastify({ path, maxLifetimeMs });

    // ---------------------------------------------------------------- reads per second
    const load = {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
    };
    console.log(`  ${baseline.label}, ${options.duration} s…`);
    const bare = await measureLoad(`${baseline.origin}${path}`, {
      ...load,
      processGroups: async () => ({ server: [baseline.pid] }),
    });
    console.log(`  Jiema code link, ${options.duration} s…`);
    const reads = await measureLoad(`${jiema.origin}${path}`, {
      ...load,
      processGroups: async () => ({ server: [jiema.pid], database: await database.backendPids() }),
    });
    await baseline.stop?.();
    const ratio = reads.requestsPerSecond / bare.requestsPerSecond;
    const table = loadTable([
      { label: `${baseline.label} \`GET /api/code/<token>\``, load: bare },
      { label: 'Jiema `GET /api/code/<token>` (code format, text/plain)', load: reads },
    ]);
    console.log(`\n${table}\nRatio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);

    // ---------------------------------------------------------------- SMS → waiting long-poll
    console.log(
      `  ${options.rate} SMS/s for ${options['sms-seconds']} s through the generic webhook, ${world.rentals.length} long-polls waiting…`,
    );
    const latency = await measureLatency(jiema.origin, world);
    console.log(`  latency: ${JSON.stringify(latency)}`);

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const markdownReads = `## Code link reads (\`GET /api/code/:token\`) vs bare Fastify, PostgreSQL

**Ratio ${ratio.toFixed(2)}** (Jiema requests/s ÷ bare Fastify requests/s); target ≥ ${TARGET_RATIO}: **${ratio >= TARGET_RATIO ? 'met' : 'not met'}**.

- Date: ${when} UTC
- Machine: ${machineLine(machine)}; load generator, both servers and PostgreSQL share these cores
- Code: ${machine.commit}
- Database: ${database.description}
- Load: autocannon in the benchmark process, ${options.connections} connections, ${options.warmup} s warm-up then ${options.duration} s measured per target; the same path to both; the rental's owner answers in the \`code\` format (\`111111\`, text/plain); rate limit raised (CODE_LINK_LIMIT_PER_MINUTE=10000000) so every request is counted and answered
- Each request: the token resolved with the owner's settings and the latest SMS in the window in ONE prepared statement, then the per-link rate limit (a share of the minute's allowance taken from \`code_link_allowances\` under a row lock now and then, spent from memory)

${table}`;
    const markdownLatency = `## From an SMS posted to a gateway to the code in a waiting long-poll, PostgreSQL

**p99 ${latency.p99} ms** (p50 ${latency.p50} ms, max ${latency.max} ms) over ${latency.count} SMS at ${options.rate} SMS/s; target p99 < ${TARGET_P99_MS} ms: **${latency.p99 < TARGET_P99_MS ? 'met' : 'not met'}**.

- Date: ${when} UTC
- Machine: ${machineLine(machine)}; the benchmark (sender and waiting clients), the server and PostgreSQL share these cores
- Code: ${machine.commit}; one server process
- What is timed: from just before the benchmark sends a signed \`POST /api/inbound/<gateway>\` (generic JSON, HMAC-SHA256 over body + timestamp) to the moment the long-poll \`GET /api/code/<token>?wait=30&after=…\` that waits on that rental returns the SMS's code. The path: webhook verified, SMS deduplicated, attributed, code extracted and committed; the trigger of migration 0022 announces it (\`pg_notify\` on \`jiema_sms\`); the server's LISTEN connection wakes the waiting request, which reads the link and answers
- ${world.rentals.length} rentals, each with one long-poll always waiting (re-issued after every answer); SMS sent at a steady ${options.rate}/s round-robin over the rentals for ${options.warmup} s of warm-up (not timed) then ${options['sms-seconds']} s timed; every SMS has its own code; lost: ${latency.lost}, webhook failures: ${latency.postFailures}
- Latency percentiles: p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms; webhook answered (stored) p50 ${latency.postP50} ms, p99 ${latency.postP99} ms`;
    return {
      markdownReads,
      markdownLatency,
      // Unanswered SMS are reported in the section (a missed target), not a reason to hide it.
      valid: reads.failures === 0 && bare.failures === 0,
    };
  } finally {
    await client.end();
  }
}

/** One buyer (the administrator), funded; its rentals bought through the store; a generic gateway. */
async function prepare(client, jiema) {
  const started = Date.now();
  const token = await logIn(jiema.origin, jiema.admin);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const [{ id: userId }] = (
    await client.query('select id from users where username = $1', [jiema.admin.username])
  ).rows;
  await fundUser(client, userId, 100000);
  const { appId, validity } = await pricedApplication(client, { code: 'benchcl' });
  await addUsNumbers(client, options.rentals);
  await buyUsNumbers(jiema.origin, token, { appId, validity, count: options.rentals });
  const { rows: rentals } = await client.query(
    'select id, token, phone_number from rentals where user_id = $1 order by id',
    [userId],
  );
  await client.query(
    `insert into user_code_settings (user_id, answer_format, window_minutes) values ($1, 'code', 60)`,
    [userId],
  );
  // The SMS the read benchmark answers, stored as a gateway stores it.
  await client.query(
    `insert into sms_messages (rental_id, phone_number_id, phone_number, application_id, sender, text, code, source, external_id)
     select id, phone_number_id, phone_number, application_id, 'Bench', 'Your code is 111111', '111111', 'bench', 'seed' from rentals where id = $1`,
    [rentals[0].id],
  );
  const gateway = await fetch(`${jiema.origin}/api/admin/gateways`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ kind: 'generic', name: 'bench' }),
  }).then((r) => r.json());
  if (gateway.code !== 200) throw new Error(`gateway: ${JSON.stringify(gateway)}`);
  await client.query('analyze');
  console.log(`  prepared ${rentals.length} rentals and a generic gateway in ${Date.now() - started} ms`);
  return { rentals, gateway: gateway.data };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

async function measureLatency(origin, { rentals, gateway }) {
  const undici = await import('node:http');
  // Plain node:http with one keep-alive socket per waiting long-poll, and more for the webhook posts.
  const agent = new undici.Agent({ keepAlive: true, maxSockets: rentals.length + 64 });
  const request = (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const req = undici.request(`${origin}${path}`, { method, headers, agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });

  const sentAt = new Map();
  const latencies = [];
  const postTimes = [];
  let postFailures = 0;
  let stopping = false;
  const since = new Date(Date.now() - 1000).toISOString();
  const waiters = rentals.map(async (rental) => {
    let after = since;
    while (!stopping) {
      const res = await request(
        'GET',
        `/api/code/${rental.token}?format=json&wait=30&after=${encodeURIComponent(after)}`,
      );
      const now = performance.now();
      if (res.status !== 200) continue;
      const item = JSON.parse(res.text).data.items[0];
      if (item?.code && sentAt.has(item.code)) {
        latencies.push(now - sentAt.get(item.code));
        sentAt.delete(item.code);
      }
      // Next, only SMS newer than this one (the server keeps microseconds, the answer milliseconds).
      if (item?.receivedAt) after = new Date(Date.parse(item.receivedAt) + 1).toISOString();
    }
  });
  await new Promise((r) => setTimeout(r, 1000));

  // A warm-up at the same rate first (`--warmup` seconds, not timed): each pooled connection prepares and
  // plans its statements on first use, and each number's holding rentals are read once, as on any server
  // that has been up for a while; without it the first second's SMS alone made the p99.
  const warmupCount = options.rate * options.warmup;
  const total = warmupCount + options.rate * options['sms-seconds'];
  const posts = [];
  const startedAt = performance.now();
  for (let i = 0; i < total; i++) {
    const timed = i >= warmupCount;
    const due = startedAt + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const rental = rentals[i % rentals.length];
    const code = String(200000 + i);
    const body = JSON.stringify({
      id: `bench-${i}`,
      to: rental.phone_number,
      from: 'Bench',
      text: `Your code is ${code}`,
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', gateway.secret)
      .update(body + timestamp)
      .digest('hex');
    if (timed) sentAt.set(code, performance.now());
    const t0 = performance.now();
    posts.push(
      request(
        'POST',
        `/api/inbound/${gateway.id}`,
        { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
        body,
      )
        .then((r) => {
          if (timed) postTimes.push(performance.now() - t0);
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
  // Still unanswered 2 s after the last webhook was answered.
  const lost = sentAt.size;
  agent.destroy();
  void waiters;
  const sorted = [...latencies].sort((a, b) => a - b);
  const postSorted = [...postTimes].sort((a, b) => a - b);
  return {
    count: latencies.length,
    lost,
    postFailures,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
    postP50: percentile(postSorted, 50),
    postP99: percentile(postSorted, 99),
  };
}
