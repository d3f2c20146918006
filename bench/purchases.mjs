// Purchases per second: POST /api/store/orders (one number each, many users buying at once) on the
// built server and PostgreSQL, next to bare Fastify measured in the same run on the same machine.
// Target (issue): at least 500 purchases/s on a 2-core machine. Afterwards the database is checked:
// every success sold one number, none is held twice, and every balance equals its ledger entries.
import { startBareFastify } from './lib/bare-fastify.mjs';
import { addUsNumbers } from './lib/bench-world.mjs';
import { addFundedCustomers } from './lib/busy-world.mjs';
import { cleanupMark, runBounded, runCleanup } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { startJiemaServer } from './lib/jiema-server.mjs';
import { measureLoad } from './lib/load.mjs';
import { describeMachine } from './lib/machine.mjs';
import { parsers, readOptions } from './lib/options.mjs';
import { formatRate, loadTable, machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';

const TARGET = 500;
/** Purchases made so far: picks the buyer, the application and the idempotency key of the next one. */
let sequence = 0;
const PATH = '/api/store/orders';

const options = readOptions(
  {
    duration: {
      env: 'BENCH_DURATION',
      default: 10,
      parse: parsers.positiveInteger,
      help: 'seconds measured per target',
    },
    warmup: {
      env: 'BENCH_WARMUP',
      default: 3,
      parse: parsers.nonNegativeInteger,
      help: 'seconds of unmeasured warm-up',
    },
    connections: {
      env: 'BENCH_CONNECTIONS',
      default: 20,
      parse: parsers.positiveInteger,
      help: 'concurrent connections',
    },
    users: {
      env: 'BENCH_USERS',
      default: 1000,
      parse: parsers.positiveInteger,
      help: 'distinct buyers (one bearer token each)',
    },
    apps: { env: 'BENCH_APPS', default: 10, parse: parsers.positiveInteger, help: 'applications bought for' },
    numbers: {
      env: 'BENCH_NUMBERS',
      default: 3000,
      parse: parsers.positiveInteger,
      help: 'numbers in stock (each new for every application)',
    },
    'log-level': { env: 'BENCH_LOG_LEVEL', default: 'warn', parse: parsers.text, help: "server's LOG_LEVEL" },
    pool: {
      env: 'BENCH_DB_POOL_SIZE',
      default: 'default',
      parse: parsers.text,
      help: "server's DB_POOL_SIZE",
    },
    'pg-url': {
      env: 'BENCH_PG_URL',
      default: 'postgres://postgres@127.0.0.1:5432/postgres',
      parse: parsers.text,
      help: 'PostgreSQL admin URL (loopback only); a fresh database is created and dropped',
    },
    record: { env: 'BENCH_RECORD', default: 'yes', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  { usage: 'node purchases.mjs [options]: store purchases/s on PostgreSQL, beside bare Fastify' },
);

const deadlineMs = (120 + 2 * (options.warmup + options.duration + 5)) * 1000;

await runBounded(
  async () => {
    const mark = cleanupMark();
    const outcome = await benchmark(describeMachine());
    await runCleanup(mark);
    if (!outcome.valid) {
      console.error('The measurement is not valid and was not recorded.');
      return 1;
    }
    if (options.record) {
      recordSection('purchases:postgres', outcome.markdown);
      console.log('Recorded in bench/RESULTS.md');
    }
    return 0;
  },
  { deadlineMs },
);

async function benchmark(machine) {
  const maxLifetimeMs = deadlineMs + 30_000;
  const database = await freshDatabase('postgres', { postgresAdminUrl: options['pg-url'] });
  const serverEnv = {
    STORE_SWEEP_INTERVAL_SECONDS: '0',
    ...(options.pool === 'default' ? {} : { DB_POOL_SIZE: options.pool }),
  };
  const jiema = await startJiemaServer({
    database,
    logLevel: options['log-level'],
    maxLifetimeMs,
    env: serverEnv,
  });
  const baseline = await startBareFastify({ path: '/', maxLifetimeMs });

  const pg = await importFromServer('pg');
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    console.log(`\nPostgreSQL: ${database.description}`);
    const world = await prepare(client);
    await expectPurchaseWorks(jiema.origin, world);

    console.log(`  ${baseline.label}, ${options.duration} s…`);
    const load = {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
    };
    const bare = await measureLoad(`${baseline.origin}/`, {
      ...load,
      processGroups: async () => ({ server: [baseline.pid] }),
    });
    console.log(`  Jiema purchases, ${options.duration} s…`);
    const purchases = await measureLoad(`${jiema.origin}${PATH}`, {
      ...load,
      method: 'POST',
      requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, ...nextPurchase(world) }) }],
      processGroups: async () => ({ server: [jiema.pid], database: await database.backendPids() }),
    });

    const check = await checkDatabase(client);
    const rows = [
      { label: `${baseline.label} \`GET /\``, load: bare },
      { label: `Jiema \`POST ${PATH}\` (1 number each)`, load: purchases },
    ];
    const table = loadTable(rows);
    const rate = purchases.requestsPerSecond;
    const met = rate >= TARGET;
    // What the cores could do for purchases alone: CPU time is steadier than rates on a shared machine.
    const cpu = purchases.cpuMicrosPerRequest ?? {};
    const perPurchase = (cpu.server ?? 0) + (cpu.database ?? 0) + (cpu.loadGenerator ?? 0);
    const capacity = perPurchase > 0 ? (machine.cores * 1e6) / perPurchase : null;
    console.log(`\n${table}\n`);
    console.log(
      `Purchases/s: ${formatRate(rate)} (target >= ${TARGET}: ${met ? 'met' : 'NOT met'}); ratio to bare Fastify ${(rate / bare.requestsPerSecond).toFixed(3)}`,
    );
    if (capacity) {
      console.log(
        `CPU per purchase ${Math.round(perPurchase)} µs (all processes): at most ~${formatRate(capacity)} purchases/s on ${machine.cores} idle cores`,
      );
    }
    console.log(`Database after the run: ${JSON.stringify(check)}`);
    const valid = purchases.failures === 0 && bare.failures === 0 && check.consistent;

    const markdown = `## Store purchases (\`POST ${PATH}\`), PostgreSQL

**${formatRate(rate)} purchases/s**; target ≥ ${TARGET} purchases/s: **${met ? 'met' : 'not met'}**. Bare Fastify in the same run: ${formatRate(bare.requestsPerSecond)} req/s (ratio ${(rate / bare.requestsPerSecond).toFixed(3)}).

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineLine(machine)}; load generator, both servers and PostgreSQL share these cores
- Code: ${machine.commit}
- Database: ${database.description}; server pool size ${options.pool === 'default' ? 'default (DB_POOL_SIZE unset)' : options.pool}
- Load: autocannon in the benchmark process, ${options.connections} connections, pipelining 1, ${options.warmup} s warm-up then ${options.duration} s measured per target
- Each purchase: a different one of ${options.users} buyers (own bearer token and idempotency key), one activation of one of ${options.apps} applications, card type new, from ${options.numbers} numbers (${options.numbers * options.apps} number × application pairs); the whole transaction: checks, price, order, number picked with \`FOR UPDATE SKIP LOCKED\` and bound, ledger charge
- Server: \`server/dist/main.js\`, LOG_LEVEL=${options['log-level']}, sweep off; baseline: Fastify without logger answering \`{"hello":"world"}\` to \`GET /\`
- CPU per purchase (server + its PostgreSQL backends + autocannon): ${Math.round(perPurchase)} µs, i.e. at most ~${capacity ? formatRate(capacity) : '?'} purchases/s if these ${machine.cores} cores did nothing else
- Where a purchase goes: the session (the auth plugin's lookup or cache), then ONE statement, its own transaction, that checks the choices, prices, writes the order, locks a free number with \`FOR UPDATE SKIP LOCKED\` (walking from a random point of the stock) and binds it, and charges it through the ledger's SQL function \`ledger_apply_change\`; a prepared statement whose generic plan each connection makes once
- Checked afterwards: ${check.sold} numbers sold by ${check.orders} orders, held twice: ${check.heldTwice}, users whose balance ≠ sum of ledger entries: ${check.unbalanced}, negative balances: ${check.negative}

${table}`;
    return { markdown, valid };
  } finally {
    await client.end();
  }
}

/** Buyers (with sessions and funded through ledger entries), applications priced, numbers in stock. */
async function prepare(client) {
  const started = Date.now();
  const buyers = await addFundedCustomers(client, { prefix: 'buyer', count: options.users, balance: 1000 });
  const { rows: apps } = await client.query(
    `insert into applications (code, name_zh, name_en) select 'bench' || i, '压测' || i, 'Bench ' || i
     from generate_series(1, $1) as i returning id`,
    [options.apps],
  );
  const [{ validity }] = (
    await client.query(
      `select id as validity from validity_options where kind = 'activation' and enabled order by minutes limit 1`,
    )
  ).rows;
  await client.query(
    `insert into price_rules (application_id, card_type, validity_option_id, price)
     select unnest($1::int[]), 'new', $2, 0.1`,
    [apps.map((a) => a.id), validity],
  );
  await addUsNumbers(client, options.numbers);
  await client.query('analyze');
  console.log(
    `  prepared ${options.users} buyers, ${options.apps} applications, ${options.numbers} numbers in ${Date.now() - started} ms`,
  );
  return { tokens: buyers.map((b) => b.token), appIds: apps.map((a) => a.id), validity };
}

/** The next purchase: round-robin over buyers and applications, a fresh idempotency key each. */
function nextPurchase(world) {
  const n = sequence++;
  return {
    headers: {
      authorization: `Bearer ${world.tokens[n % world.tokens.length]}`,
      'content-type': 'application/json',
      'idempotency-key': `bench-${process.pid}-${n}`,
    },
    body: JSON.stringify({
      applicationId: world.appIds[n % world.appIds.length],
      countryCode: 'US',
      cardType: 'new',
      validityOptionId: world.validity,
      quantity: 1,
    }),
  };
}

async function expectPurchaseWorks(origin, world) {
  const { headers, body } = nextPurchase(world);
  const response = await fetch(`${origin}${PATH}`, { method: 'POST', headers, body });
  const json = await response.json();
  if (response.status !== 200 || json.data?.phoneList?.length !== 1) {
    throw new Error(
      `a purchase failed before the measurement: HTTP ${response.status} ${JSON.stringify(json)}`,
    );
  }
}

async function checkDatabase(client) {
  const { rows } = await client.query(
    `select (select count(*)::int from rentals) as sold, (select count(*)::int from store_orders) as orders,
       (select count(*)::int from (select 1 from rentals where status in ('active', 'inactive', 'suspended')
          group by phone_number_id, application_id having count(*) > 1) x) as "heldTwice",
       (select count(*)::int from users u where u.balance <> coalesce((select sum(amount) from ledger_entries e where e.user_id = u.id), 0)) as unbalanced,
       (select count(*)::int from users where balance < 0) as negative`,
  );
  const check = rows[0];
  return {
    ...check,
    consistent:
      check.heldTwice === 0 && check.unbalanced === 0 && check.negative === 0 && check.sold === check.orders,
  };
}
