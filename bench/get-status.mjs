// sms-activate's getStatus (issue 9 measure): `GET /stubs/handler_api.php?api_key=…&action=getStatus&id=…`
// polls per second on PostgreSQL next to bare Fastify answering the same path in the same run
// (target ≥ 0.5). Every sms-activate client polls this every few seconds while it waits for a code.
import { createHmac, randomUUID } from 'node:crypto';
import { startBareFastify } from './lib/bare-fastify.mjs';
import { addUsNumbers, buyUsNumbers, fundUser, pricedApplication } from './lib/bench-world.mjs';
import { runBounded } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { logIn, startJiemaServer } from './lib/jiema-server.mjs';
import { measureLoad } from './lib/load.mjs';
import { describeMachine } from './lib/machine.mjs';
import { LOAD_WINDOW_OPTIONS, parsers, readOptions } from './lib/options.mjs';
import { loadTable, machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';

const TARGET_RATIO = 0.5;
const CODE = '246810';

const options = readOptions(
  {
    ...LOAD_WINDOW_OPTIONS,
    connections: {
      env: 'BENCH_CONNECTIONS',
      default: 10,
      parse: parsers.positiveInteger,
      help: 'connections',
    },
    'log-level': { env: 'BENCH_LOG_LEVEL', default: 'warn', parse: parsers.text, help: "server's LOG_LEVEL" },
    'pg-url': {
      env: 'BENCH_PG_URL',
      default: 'postgres://postgres@127.0.0.1:5432/postgres',
      parse: parsers.text,
      help: 'PostgreSQL admin URL (loopback only); a fresh database is created and dropped',
    },
    record: { env: 'BENCH_RECORD', default: 'yes', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  { usage: 'node get-status.mjs [options]: sms-activate getStatus polls/s vs bare Fastify' },
);
const deadlineMs = (200 + 2 * (options.warmup + options.duration)) * 1000;

await runBounded(
  async () => {
    const { markdown, valid } = await benchmark(describeMachine());
    if (!valid) {
      console.error('Some requests failed: the measurement is not valid and was not recorded.');
      return 1;
    }
    if (options.record) {
      recordSection('get-status:postgres', markdown);
      console.log('Recorded in bench/RESULTS.md');
    }
    return 0;
  },
  { deadlineMs },
);

async function benchmark(machine) {
  const maxLifetimeMs = deadlineMs + 30_000;
  const database = await freshDatabase('postgres', { postgresAdminUrl: options['pg-url'] });
  // The per-key limit stays on (at its maximum), so each poll pays for it as in production.
  const jiema = await startJiemaServer({
    database,
    logLevel: options['log-level'],
    maxLifetimeMs,
    env: { STORE_SWEEP_INTERVAL_SECONDS: '0', COMPAT_RATE_LIMIT_PER_SECOND: '100000' },
  });
  const pg = await importFromServer('pg');
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    console.log(`\nPostgreSQL: ${database.description}`);
    const world = await prepare(client, jiema);
    const path = `/stubs/handler_api.php?api_key=${world.apiKey}&action=getStatus&id=${world.rentalId}`;
    const check = await fetch(`${jiema.origin}${path}`);
    const answer = await check.text();
    if (check.status !== 200 || answer !== `STATUS_OK:${CODE}`)
      throw new Error(`getStatus answered ${check.status} ${answer}`);
    const baseline = await startBareFastify({ path: '/stubs/handler_api.php', maxLifetimeMs });
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
    console.log(`  Jiema getStatus, ${options.duration} s…`);
    const polls = await measureLoad(`${jiema.origin}${path}`, {
      ...load,
      processGroups: async () => ({ server: [jiema.pid], database: await database.backendPids() }),
    });
    await baseline.stop?.();
    const ratio = polls.requestsPerSecond / bare.requestsPerSecond;
    const table = loadTable([
      { label: `${baseline.label} \`GET /stubs/handler_api.php?…\``, load: bare },
      { label: `Jiema \`getStatus\` (\`STATUS_OK:${CODE}\`, text/plain)`, load: polls },
    ]);
    console.log(`\n${table}\nRatio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const markdown = `## sms-activate \`getStatus\` polls vs bare Fastify, PostgreSQL

**Ratio ${ratio.toFixed(2)}** (Jiema requests/s ÷ bare Fastify requests/s); target ≥ ${TARGET_RATIO}: **${ratio >= TARGET_RATIO ? 'met' : 'not met'}**.

- Date: ${when} UTC
- Machine: ${machineLine(machine)}; load generator, both servers and PostgreSQL share these cores
- Code: ${machine.commit}
- Database: ${database.description}
- Load: autocannon in the benchmark process, ${options.connections} connections, ${options.warmup} s warm-up then ${options.duration} s measured per target; the same path and query to both; one activation bought through the store whose code arrived through the generic webhook, so every poll answers \`STATUS_OK:${CODE}\`; per-key limit on at its maximum (COMPAT_RATE_LIMIT_PER_SECOND=100000)
- Each request: form/query parsing, the API key's user and the activation from the exact in-process caches (compat/common/api-key-users.ts, activation-reader.ts over lib/exact-cache.ts), the per-key limit spent from a chunk taken now and then; the database is reached only when something changed

${table}`;
    return { markdown, valid: polls.failures === 0 && bare.failures === 0 };
  } finally {
    await client.end();
  }
}

/** The administrator as the customer: funded, one rental bought through the store, its code posted to a generic gateway. */
async function prepare(client, jiema) {
  const token = await logIn(jiema.origin, jiema.admin);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const [{ id: userId, api_key: apiKey }] = (
    await client.query('select id, api_key from users where username = $1', [jiema.admin.username])
  ).rows;
  await fundUser(client, userId, 1000);
  const { appId, validity } = await pricedApplication(client, { code: 'benchgs' });
  await addUsNumbers(client, 1);
  const [phone] = await buyUsNumbers(jiema.origin, token, { appId, validity, count: 1 });
  const rentalId = phone.rentalId;
  const gateway = await fetch(`${jiema.origin}/api/admin/gateways`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ kind: 'generic', name: 'bench' }),
  }).then((r) => r.json());
  if (gateway.code !== 200) throw new Error(`gateway: ${JSON.stringify(gateway)}`);
  const body = JSON.stringify({
    id: randomUUID(),
    to: '+15550000001',
    from: 'Bench',
    text: `Your code is ${CODE}`,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const posted = await fetch(`${jiema.origin}${gateway.data.webhookPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': createHmac('sha256', gateway.data.secret)
        .update(body + timestamp)
        .digest('hex'),
    },
    body,
  });
  if (posted.status !== 200) throw new Error(`webhook: ${posted.status} ${await posted.text()}`);
  await client.query('analyze');
  return { apiKey, rentalId };
}
