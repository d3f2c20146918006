// Inbound webhooks stored, attributed and extracted per second: signed generic-JSON SMS posted over
// real HTTP to the built server on PostgreSQL, next to bare Fastify answering the same signed
// requests in the same run. Target (issue 8): at least 2,000 SMS/s. Afterwards the database is
// checked: every accepted SMS is stored once, attributed to the rental of its number, with its code.

import { createHash, createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { startBareFastify } from './lib/bare-fastify.mjs';
import { addUsNumbers, buyUsNumbers, pricedApplication } from './lib/bench-world.mjs';
import { cleanupMark, runBounded, runCleanup } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { BUILT_SERVER, startJiemaServer } from './lib/jiema-server.mjs';
import { measureLoad } from './lib/load.mjs';
import { describeMachine } from './lib/machine.mjs';
import { LOAD_WINDOW_OPTIONS, parsers, readOptions } from './lib/options.mjs';
import { formatRate, loadTable, machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';

const TARGET = 2000;
const SECRET = randomBytes(24).toString('base64url');
let sequence = 0;

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
      help: 'rented numbers SMS go to',
    },
    pool: {
      env: 'BENCH_DB_POOL_SIZE',
      default: 'default',
      parse: parsers.text,
      help: "server's DB_POOL_SIZE",
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
      help: 'built server entry to run (to compare builds, or a profiling wrapper)',
    },
    record: { env: 'BENCH_RECORD', default: 'yes', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  { usage: 'node inbound-webhooks.mjs [options]: signed inbound SMS/s vs bare Fastify' },
);
const deadlineMs = 300_000 + 2 * (options.warmup + options.duration) * 1000;

await runBounded(
  async () => {
    const mark = cleanupMark();
    const outcome = await benchmark(describeMachine());
    await runCleanup(mark);
    if (!outcome.valid) {
      console.error(
        'Failures or an inconsistent database: the measurement is not valid and was not recorded.',
      );
      return 1;
    }
    if (options.record) {
      recordSection('inbound-webhooks:postgres', outcome.markdown);
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
    env: {
      STORE_SWEEP_INTERVAL_SECONDS: '0',
      ...(options.pool === 'default' ? {} : { DB_POOL_SIZE: options.pool }),
    },
  });
  const pg = await importFromServer('pg');
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    console.log(`\nPostgreSQL: ${database.description}`);
    const world = await prepare(client, jiema.origin);
    const path = `/api/inbound/${world.gatewayId}`;
    const baseline = await startBareFastify({ path, maxLifetimeMs });
    const load = {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
    };
    const signed = { method: 'POST', setupRequest: (request) => ({ ...request, ...nextSms(world) }) };
    console.log(`  ${baseline.label}, ${options.duration} s…`);
    const bare = await measureLoad(`${baseline.origin}${path}`, {
      ...load,
      method: 'POST',
      requests: [signed],
      processGroups: async () => ({ server: [baseline.pid] }),
    });
    const before = Number((await client.query('select count(*) from sms_messages')).rows[0].count);
    console.log(`  Jiema inbound webhooks, ${options.duration} s…`);
    const inbound = await measureLoad(`${jiema.origin}${path}`, {
      ...load,
      method: 'POST',
      requests: [signed],
      processGroups: async () => ({ server: [jiema.pid], database: await database.backendPids() }),
    });
    const check = await checkDatabase(client, before);
    const rate = inbound.requestsPerSecond;
    const met = rate >= TARGET;
    const rows = [
      { label: `${baseline.label} \`POST ${path}\` (same signed bodies)`, load: bare },
      { label: `Jiema \`POST ${path}\` (generic JSON, signed)`, load: inbound },
    ];
    const table = loadTable(rows);
    console.log(`\n${table}\n`);
    console.log(
      `Inbound SMS/s: ${formatRate(rate)} (target >= ${TARGET}: ${met ? 'met' : 'NOT met'}); ratio to bare Fastify ${(rate / bare.requestsPerSecond).toFixed(3)}`,
    );
    console.log(`Database after the run: ${JSON.stringify(check)}`);
    const valid = inbound.failures === 0 && bare.failures === 0 && check.consistent;
    const markdown = `## Inbound webhooks (\`POST /api/inbound/{id}\`, generic JSON, signed), PostgreSQL

**${formatRate(rate)} SMS/s stored, attributed and extracted**; target ≥ ${TARGET}/s: **${met ? 'met' : 'not met'}**. Bare Fastify answering the same signed requests in the same run: ${formatRate(bare.requestsPerSecond)} req/s (ratio ${(rate / bare.requestsPerSecond).toFixed(3)}).

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineLine(machine)}; load generator, both servers and PostgreSQL share these cores
- Code: ${machine.commit}
- Database: ${database.description}; server pool size ${options.pool === 'default' ? 'default (DB_POOL_SIZE unset)' : options.pool}
- Load: autocannon in the benchmark process, ${options.connections} connections, pipelining 1, ${options.warmup} s warm-up then ${options.duration} s measured per target; each request a new SMS (unique id, Telegram text with a code) to one of ${options.numbers} numbers, each held by an activation, with \`X-Timestamp\` and \`X-Signature\` (HMAC-SHA256) computed per request in the load generator
- Per SMS on the server: raw-body parse, gateway from memory (exact cache), HMAC check, the number's holding rentals from memory, attribution by the application's patterns (re2js), extraction (general extractor); then the SMS that arrived meanwhile are inserted together in ONE statement (holding rentals locked FOR SHARE, each number's fingerprint checked, duplicates by source id skipped) and each webhook is answered after that commit
- Checked afterwards: ${check.stored} SMS stored, ${check.attributed} attributed, ${check.withCode} with the right code, duplicates of one id: ${check.duplicates}; ${check.smsPerCommit} SMS per commit on average (distinct \`xmin\` of the stored rows, warm-up included)

${table}`;
    return { markdown, valid };
  } finally {
    await client.end();
  }
}

/** A buyer with a session, Telegram-like application, numbers bought through the real store API, and a gateway. */
async function prepare(client, origin) {
  const started = Date.now();
  const [{ hash }] = (await client.query('select password_hash as hash from users order by id limit 1')).rows;
  const [{ id: userId }] = (
    await client.query(
      `insert into users (username, email, password_hash, user_type, api_key, balance)
       values ('smsbuyer', 'smsbuyer@bench.local', $1, 2, md5(random()::text), 10000) returning id`,
      [hash],
    )
  ).rows;
  await client.query(`insert into user_roles (user_id, role) values ($1, 'CUSTOMER')`, [userId]);
  await client.query(
    `insert into ledger_entries (user_id, type, amount, balance_after, reference, note)
     values ($1, 'recharge', 10000, 10000, 'bench:sms', 'benchmark funds')`,
    [userId],
  );
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at, ip, user_agent)
     values ($1, $2, now() + interval '1 day', '127.0.0.1', 'bench')`,
    [userId, createHash('sha256').update(token).digest('hex')],
  );
  const { appId, validity } = await pricedApplication(client, {
    code: 'benchtg',
    nameZh: '压测电报',
    nameEn: 'Bench Telegram',
    kind: 'activation',
    patterns: { sender: 'telegram', keyword: 'telegram' },
  });
  await addUsNumbers(client, options.numbers);
  const phones = await buyUsNumbers(origin, token, { appId, validity, count: options.numbers });
  const numbers = phones.map((p) => p.phoneNumber);
  const [{ id: gatewayId }] = (
    await client.query(
      `insert into gateways (kind, name, secret) values ('generic', 'bench', $1) returning id`,
      [SECRET],
    )
  ).rows;
  await client.query('analyze');
  console.log(
    `  prepared ${numbers.length} rented numbers and gateway ${gatewayId} in ${Date.now() - started} ms`,
  );
  return { numbers, gatewayId };
}

/** The next SMS: a new id, a code derived from it, to the next number; signed like SMS Gateway for Android. */
function nextSms(world) {
  const n = sequence++;
  const code = String(10000 + (n % 90000));
  const body = JSON.stringify({
    id: `bench-${process.pid}-${n}`,
    to: world.numbers[n % world.numbers.length],
    from: 'Telegram',
    text: `Telegram code: ${code}. Do not give this code to anyone, even if they say they are from Telegram!`,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', SECRET).update(body).update(timestamp).digest('hex');
  return {
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
    body,
  };
}

async function checkDatabase(client, before) {
  const { rows } = await client.query(
    `select count(*)::int as stored, count(rental_id)::int as attributed,
       count(*) filter (where code = substring(text from 'code: (\\d+)'))::int as with_code,
       (select count(*)::int from (select external_id from sms_messages group by source, external_id having count(*) > 1) d) as duplicates,
       count(distinct xmin::text)::int as transactions
     from sms_messages`,
  );
  const r = rows[0];
  const stored = r.stored - before;
  return {
    stored,
    attributed: r.attributed,
    withCode: r.with_code,
    duplicates: r.duplicates,
    // Each transaction that stored SMS left its id in their xmin: SMS per commit, whatever the load.
    smsPerCommit: r.transactions > 0 ? Number((r.stored / r.transactions).toFixed(2)) : 0,
    consistent: r.duplicates === 0 && r.attributed === r.stored && r.with_code === r.stored && stored > 0,
  };
}
