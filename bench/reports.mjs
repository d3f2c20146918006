// Every report endpoint timed on a year of data (bench/lib/report-dataset.mjs: at scale 1, 50,000
// users, 200,000 orders, 1,000,000 inbound SMS, 500,000 login records), on PostgreSQL.
// Target (issue 13): each report answers in under 500 ms. Baseline in the same run: `GET /healthz`
// (the request pipeline without a report), so a loaded machine shows in both columns.

import { cleanupMark, runBounded, runCleanup } from './lib/cleanup.mjs';
import { existingDatabase, freshDatabase } from './lib/databases.mjs';
import { logIn, startJiemaServer } from './lib/jiema-server.mjs';
import { describeMachine } from './lib/machine.mjs';
import { parsers, readOptions } from './lib/options.mjs';
import { processesCpuMicros } from './lib/process-cpu.mjs';
import { datasetSize, seedReportDataset } from './lib/report-dataset.mjs';
import { machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';

const TARGET_MS = 500;

const options = readOptions(
  {
    scale: {
      env: 'BENCH_SCALE',
      default: 1,
      parse: (v) => {
        const n = Number(v);
        if (!(n > 0 && n <= 10)) throw new Error('scale must be in (0, 10]');
        return n;
      },
      help: 'size of the dataset: 1 = 1M SMS, 200k orders, 50k users, 500k login records',
    },
    runs: {
      env: 'BENCH_RUNS',
      default: 7,
      parse: parsers.positiveInteger,
      help: 'timed requests per endpoint (after one warm-up)',
    },
    'log-level': { env: 'BENCH_LOG_LEVEL', default: 'warn', parse: parsers.text, help: "server's LOG_LEVEL" },
    'pg-url': {
      env: 'BENCH_PG_URL',
      default: 'postgres://postgres@127.0.0.1:5432/postgres',
      parse: parsers.text,
      help: 'PostgreSQL admin URL (loopback only); a fresh database is created and dropped',
    },
    database: {
      env: 'BENCH_DATABASE',
      default: '',
      parse: parsers.text,
      help: 'an existing database on --pg-url to use and keep (seeded on its first use), so one seed serves several runs',
    },
    note: {
      env: 'BENCH_NOTE',
      default: '',
      parse: parsers.text,
      help: 'a line recorded with the result, e.g. "under load (8 engineers)"',
    },
    record: { env: 'BENCH_RECORD', default: 'yes', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  { usage: 'node reports.mjs [options]: every report endpoint on a year of data, on PostgreSQL' },
);

const today = new Date();
const day = (offsetDays) => new Date(today.getTime() - offsetDays * 86_400_000).toISOString().slice(0, 10);
const ENDPOINTS = [
  ['baseline: GET /healthz', '/healthz'],
  ['overview (administrator)', '/api/dashboard/overview?tzOffset=480'],
  ['statistics, 30 days', `/api/reports/statistics?from=${day(29)}&to=${day(0)}&tzOffset=480`],
  ['statistics, 365 days', `/api/reports/statistics?from=${day(364)}&to=${day(0)}&tzOffset=480`],
  ['statistics CSV, 365 days', `/api/reports/statistics/export?from=${day(364)}&to=${day(0)}&tzOffset=480`],
  ['login analysis, 30 days', `/api/reports/login-analysis?from=${day(29)}&to=${day(0)}&tzOffset=480`],
  ['login analysis, 365 days', `/api/reports/login-analysis?from=${day(364)}&to=${day(0)}&tzOffset=480`],
  [
    'registration analysis, 30 days',
    `/api/reports/registration-analysis?from=${day(29)}&to=${day(0)}&tzOffset=480`,
  ],
  [
    'registration analysis, 365 days',
    `/api/reports/registration-analysis?from=${day(364)}&to=${day(0)}&tzOffset=480`,
  ],
];

await runBounded(
  async () => {
    const mark = cleanupMark();
    try {
      const outcome = await benchmark();
      if (options.record) {
        recordSection('reports:postgres', outcome.markdown);
        console.log('Recorded in bench/RESULTS.md');
      }
      return outcome.allUnder ? 0 : 1;
    } finally {
      await runCleanup(mark);
    }
  },
  { deadlineMs: 3_600_000 },
);

function reuseAdmin(username) {
  return {
    adminUsername: username,
    env: { ADMIN_USERNAME: username, ADMIN_EMAIL: `${username}@bench.test` },
  };
}

async function benchmark() {
  const machine = describeMachine();
  const database = options.database
    ? await existingDatabase(options['pg-url'], options.database)
    : await freshDatabase('postgres', { postgresAdminUrl: options['pg-url'] });
  const jiema = await startJiemaServer({
    database,
    logLevel: options['log-level'],
    maxLifetimeMs: 3_600_000,
    // A kept database already has the administrator of its first run, whose password is gone.
    ...(options.database ? reuseAdmin(`benchadmin_${Date.now().toString(36)}`) : {}),
  });
  const pg = await importFromServer('pg');
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  let size;
  let seedSeconds;
  const seedStarted = Date.now();
  try {
    const seeded = await client
      .query(`select value from bench_meta where key = 'reports_scale'`)
      .catch(() => null);
    if (seeded?.rows[0]) {
      if (Number(seeded.rows[0].value) !== options.scale)
        throw new Error(`${options.database} holds scale ${seeded.rows[0].value}, not ${options.scale}`);
      size = datasetSize(options.scale);
      console.log(`Reusing the dataset at scale ${options.scale} in ${database.description}`);
    } else {
      console.log(`Seeding at scale ${options.scale} (${database.description})`);
      size = await seedReportDataset(client, options.scale);
      seedSeconds = (Date.now() - seedStarted) / 1000;
      if (options.database) {
        await client.query('create table bench_meta (key text primary key, value text not null)');
        await client.query(`insert into bench_meta values ('reports_scale', $1)`, [String(options.scale)]);
      }
    }
  } finally {
    await client.end();
  }
  const token = await logIn(jiema.origin, jiema.admin);

  const rows = [];
  for (const [label, path] of ENDPOINTS) {
    const call = async () => {
      const started = performance.now();
      const response = await fetch(`${jiema.origin}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await response.text();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${label}: HTTP ${response.status} ${body.slice(0, 200)}`);
      return ms;
    };
    await call();
    const pids = await database.backendPids();
    const cpuBefore = processesCpuMicros([...pids, jiema.pid].filter(Boolean));
    const times = [];
    for (let i = 0; i < options.runs; i++) times.push(await call());
    const cpuAfter = processesCpuMicros([...pids, jiema.pid].filter(Boolean));
    let dbCpu = 0;
    let serverCpu = 0;
    for (const [pid, after] of cpuAfter) {
      const used = after - (cpuBefore.get(pid) ?? after);
      if (pid === jiema.pid) serverCpu += used;
      else dbCpu += used;
    }
    times.sort((a, b) => a - b);
    const row = {
      label,
      median: times[Math.floor(times.length / 2)],
      max: times[times.length - 1],
      dbCpuMs: dbCpu / options.runs / 1000,
      serverCpuMs: serverCpu / options.runs / 1000,
    };
    rows.push(row);
    console.log(
      `${label.padEnd(34)} median ${row.median.toFixed(0).padStart(5)} ms  max ${row.max.toFixed(0).padStart(5)} ms  PostgreSQL CPU ${row.dbCpuMs.toFixed(0)} ms  server CPU ${row.serverCpuMs.toFixed(0)} ms`,
    );
  }
  await jiema.stop();

  const reports = rows.slice(1);
  const allUnder = reports.every((r) => r.median < TARGET_MS);
  const table = [
    '| Endpoint | Median | Slowest | PostgreSQL CPU / request | Server CPU / request | Under 500 ms |',
    '| --- | ---: | ---: | ---: | ---: | :---: |',
    ...rows.map(
      (r, i) =>
        `| ${r.label} | ${r.median.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.dbCpuMs.toFixed(1)} ms | ${r.serverCpuMs.toFixed(1)} ms | ${i === 0 ? '–' : r.median < TARGET_MS ? 'yes' : '**no**'} |`,
    ),
  ].join('\n');
  const markdown = `## Reports on a year of data, PostgreSQL

- Dataset (scale ${options.scale}): ${size.users.toLocaleString('en-US')} users, ${size.orders.toLocaleString('en-US')} orders (and rentals, ledger entries), ${size.sms.toLocaleString('en-US')} inbound SMS, ${size.logins.toLocaleString('en-US')} login records, ${size.stock.toLocaleString('en-US')} numbers; ${seedSeconds === undefined ? 'seeded by an earlier run' : `seeded in ${seedSeconds.toFixed(0)} s`}
- ${options.runs} sequential requests per endpoint after one warm-up; target: median under ${TARGET_MS} ms
- Machine: ${machineLine(machine)}; the benchmark, the server and PostgreSQL share these cores${options.note ? `\n- ${options.note}` : ''}
- Result: ${allUnder ? `every report under ${TARGET_MS} ms` : `**some reports over ${TARGET_MS} ms**`}

${table}
`;
  return { markdown, allUnder };
}
