// GET /auth/info on the real server against a bare Fastify hello-world, in one run on one machine.
// Target (issue): at least 0.5 of bare Fastify's requests per second, on PostgreSQL.
import path from 'node:path';
import { startBareFastify } from './lib/bare-fastify.mjs';
import { cleanupMark, runBounded, runCleanup } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { BUILT_SERVER, logIn, startJiemaServer } from './lib/jiema-server.mjs';
import { measureLoad } from './lib/load.mjs';
import { describeMachine } from './lib/machine.mjs';
import { parsers, readOptions } from './lib/options.mjs';
import { loadTable, machineLine, recordSection } from './lib/results.mjs';

const TARGET_RATIO = 0.5;
const PATH = '/auth/info';
const DATABASE_NAMES = { postgres: 'PostgreSQL', pglite: 'PGlite' };

const options = readOptions(
  {
    db: {
      env: 'BENCH_DB',
      default: 'postgres',
      parse: parsers.oneOf('postgres', 'pglite', 'both'),
      help: 'database',
    },
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
      default: 10,
      parse: parsers.positiveInteger,
      help: 'concurrent connections',
    },
    rounds: {
      env: 'BENCH_ROUNDS',
      default: 1,
      parse: parsers.positiveInteger,
      help: 'alternating rounds per target',
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
    server: {
      env: 'BENCH_SERVER',
      default: BUILT_SERVER,
      parse: (raw) => path.resolve(raw),
      help: 'built server entry to run (to compare builds)',
    },
    record: { env: 'BENCH_RECORD', default: 'yes', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  { usage: 'node auth-info.mjs [options]: GET /auth/info requests/s as a ratio of bare Fastify' },
);

const kinds = options.db === 'both' ? ['postgres', 'pglite'] : [options.db];
// Room for both servers to start (up to 60 s each on a busy machine), then the measured rounds.
const secondsPerKind = 150 + options.rounds * 2 * (options.warmup + options.duration + 5);
const deadlineMs = kinds.length * secondsPerKind * 1000;

await runBounded(
  async () => {
    const machine = describeMachine();
    let exitCode = 0;
    for (const kind of kinds) {
      const mark = cleanupMark();
      const outcome = await benchmarkOn(kind, machine);
      await runCleanup(mark);
      if (outcome.failures > 0) {
        console.error(
          `${outcome.failures} requests failed: the measurement is not valid and was not recorded.`,
        );
        exitCode = 1;
      } else if (options.record) {
        recordSection(`auth-info:${kind}`, outcome.markdown);
        console.log('Recorded in bench/RESULTS.md');
      }
    }
    return exitCode;
  },
  { deadlineMs },
);

async function benchmarkOn(kind, machine) {
  const maxLifetimeMs = deadlineMs + 30_000;
  const database = await freshDatabase(kind, { postgresAdminUrl: options['pg-url'] });
  const serverEnv = options.pool === 'default' ? {} : { DB_POOL_SIZE: options.pool };
  const jiema = await startJiemaServer({
    database,
    logLevel: options['log-level'],
    maxLifetimeMs,
    env: serverEnv,
    script: options.server,
  });
  const baseline = await startBareFastify({ path: PATH, maxLifetimeMs });
  const token = await logIn(jiema.origin, jiema.admin);
  const headers = { authorization: `Bearer ${token}` };
  await expectCurrentUser(jiema.origin, headers, jiema.admin.username);

  console.log(`\n${DATABASE_NAMES[kind]}: ${database.description}`);
  const load = {
    connections: options.connections,
    durationSeconds: options.duration,
    warmupSeconds: options.warmup,
    headers,
  };
  const processGroups = new Map([
    [baseline, async () => ({ server: [baseline.pid] })],
    [
      jiema,
      async () => {
        // PGlite has no processes of its own: its work is in the server's CPU time.
        const backends = await database.backendPids();
        return backends.length > 0 ? { server: [jiema.pid], database: backends } : { server: [jiema.pid] };
      },
    ],
  ]);
  const rows = [];
  const ratios = [];
  for (let round = 1; round <= options.rounds; round++) {
    // Alternating who goes first spreads any drift of the machine over both sides.
    const order = round % 2 === 1 ? [baseline, jiema] : [jiema, baseline];
    const measured = new Map();
    for (const target of order) {
      console.log(`  round ${round}: ${target.label}, ${options.duration} s…`);
      const processes = processGroups.get(target);
      measured.set(
        target,
        await measureLoad(`${target.origin}${PATH}`, { ...load, processGroups: processes }),
      );
    }
    const suffix = options.rounds > 1 ? ` (round ${round})` : '';
    rows.push({ label: `${baseline.label}${suffix}`, load: measured.get(baseline) });
    rows.push({ label: `Jiema \`GET ${PATH}\`${suffix}`, load: measured.get(jiema) });
    ratios.push(measured.get(jiema).requestsPerSecond / measured.get(baseline).requestsPerSecond);
  }

  const ratio = median(ratios);
  const met = ratio >= TARGET_RATIO;
  const failures = rows.reduce((sum, row) => sum + row.load.failures, 0);
  const table = loadTable(rows);
  console.log(`\n${table}\n`);
  console.log(
    `Ratio Jiema / bare Fastify: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}: ${met ? 'met' : 'NOT met'})`,
  );

  const markdown = `## \`GET ${PATH}\` vs bare Fastify, ${DATABASE_NAMES[kind]}

**Ratio ${ratio.toFixed(2)}** (Jiema requests/s ÷ bare Fastify requests/s${options.rounds > 1 ? ', median of the rounds' : ''}); target ≥ ${TARGET_RATIO}${kind === 'postgres' ? '' : ' (set for PostgreSQL)'}: **${met ? 'met' : 'not met'}**.

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineLine(machine)}; load generator, both servers${kind === 'postgres' ? ' and PostgreSQL' : ''} share these cores
- Code: ${machine.commit}
- Database: ${database.description}; server pool size ${options.pool === 'default' ? 'default (DB_POOL_SIZE unset)' : options.pool}
- Load: autocannon in the benchmark process, ${options.connections} connections, pipelining 1, ${options.warmup} s warm-up then ${options.duration} s measured per target, ${options.rounds} round(s); identical requests (\`GET ${PATH}\` with the administrator's bearer token) to both
- Server: \`${path.relative(path.resolve(import.meta.dirname, '..'), options.server)}\`, LOG_LEVEL=${options['log-level']}; baseline: Fastify without logger answering \`{"hello":"world"}\`

${table}

CPU per request, from /proc: the server process, ${kind === 'postgres' ? "the PostgreSQL backends serving the benchmark's database" : 'the database (PGlite runs inside the server)'}, and the benchmark process (autocannon).`;
  return { markdown, failures };
}

/** Checks the token works and the answer is the right user before anything is timed. */
async function expectCurrentUser(origin, headers, username) {
  const response = await fetch(`${origin}${PATH}`, { headers });
  const body = await response.json();
  if (response.status !== 200 || body.code !== 200 || body.data?.username !== username) {
    throw new Error(
      `GET ${PATH} did not return the logged-in user: HTTP ${response.status} ${JSON.stringify(body)}`,
    );
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
