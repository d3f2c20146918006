// The chain watcher at mainnet scale: a fake TronGrid (the server tests' fake, speaking the real
// contract-events API) whose chain makes a block every 3 s with mainnet's USDT volume (~30 transfers a
// second, a small share to our addresses) and solidifies each block 19 blocks later, against the real
// watcher on a fresh PostgreSQL database holding 1,000 and then 100,000 watched addresses.
// Measured: chain requests per day (target ≤ 30,000, the same at 1,000 and 100,000 addresses: the
// ratio reported is requests at 100,000 ÷ at 1,000, ≈ 1), deposit credited after its block solidifies
// (p50/p99, target p99 ≤ 3 s), database transactions and rows written per block, and the time to
// catch up on one hour of missed blocks. `--speed` compresses time (blocks and polling both faster;
// then latencies are in real seconds and requests per day are per simulated day).
//   node --import tsx bench/chain-watcher.mjs [--minutes 5] [--catchup-minutes 60]
import { performance } from 'node:perf_hooks';
import { createDb } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createChainWatcher } from '../server/src/modules/deposits/chain-watcher.ts';
import { randomTronAddress, randomTxId, startFakeTronGrid } from '../server/test/support/fake-trongrid.ts';
import { onCleanup, runBounded, runCleanup } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { describeMachine } from './lib/machine.mjs';
import { parsers, readOptions } from './lib/options.mjs';
import { machineLine, recordSection } from './lib/results.mjs';

const options = readOptions(
  {
    minutes: {
      env: 'BENCH_MINUTES',
      default: 5,
      parse: Number,
      help: 'live chain minutes per address count',
    },
    'catchup-minutes': {
      env: 'BENCH_CATCHUP_MINUTES',
      default: 60,
      parse: Number,
      help: 'minutes of missed blocks to catch up on (with the larger address count)',
    },
    volume: {
      env: 'BENCH_VOLUME',
      default: 30,
      parse: Number,
      help: 'USDT transfers per second on the chain',
    },
    share: {
      env: 'BENCH_SHARE',
      default: 0.01,
      parse: Number,
      help: 'share of transfers paying our addresses',
    },
    addresses: {
      env: 'BENCH_ADDRESSES',
      default: '1000,100000',
      parse: (raw) => raw.split(',').map(parsers.positiveInteger),
      help: 'watched address counts, comma separated',
    },
    speed: { env: 'BENCH_SPEED', default: 1, parse: Number, help: 'time compression (1 = real time)' },
    rps: { env: 'BENCH_RPS', default: 10, parse: Number, help: "the watcher's TRONGRID_RPS (at speed 1)" },
    'pg-url': {
      env: 'BENCH_PG_URL',
      default: 'postgres://postgres@127.0.0.1:5432/postgres',
      parse: parsers.text,
      help: 'PostgreSQL admin URL (loopback only); fresh databases are created and dropped',
    },
    record: { env: 'BENCH_RECORD', default: 'no', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  { usage: 'node --import tsx chain-watcher.mjs [options]: chain requests, latency and catch-up at scale' },
);

const BLOCK_MS = 3000 / options.speed;
const SOLIDIFY_BLOCKS = 19;
const deadlineMs =
  (600 + options.addresses.length * options.minutes * 60 + options['catchup-minutes'] * 30) * 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const silentLog = {
  info() {},
  warn: (...a) => console.warn(...a.filter((x) => typeof x === 'string')),
  error: (...a) => console.error(...a),
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
};

/** 1 … n users, each with a pool address of their own, in two statements. */
async function seedAddresses(db, n) {
  const addresses = Array.from({ length: n }, () => randomTronAddress());
  await db.query(
    `with u as (
       insert into users (username, email, password_hash, api_key)
       select 'w' || i, 'w' || i || '@bench.test', 'x', md5('w' || i) from generate_series(1, $1) as i
       returning id, username
     )
     insert into tron_addresses (address, label, assigned_user_id, assigned_at, created_at)
     select a.address, 'bench', u.id, now() - interval '2 hours', now() - interval '2 hours'
     from u join unnest($2::text[]) with ordinality as a(address, n) on u.username = 'w' || a.n`,
    [n, addresses],
  );
  return addresses;
}

/** A block of `volume × 3 s` USDT transfers, solidified now: a share of them pays our addresses. */
function solidifyBlock(fake, blockMs, ours, deposits) {
  const perBlock = Math.round(options.volume * 3);
  for (let i = 0; i < perBlock; i++) {
    const ourTransfer = Math.random() < options.share;
    const to = ourTransfer ? ours[Math.floor(Math.random() * ours.length)] : randomTronAddress();
    const txId = randomTxId();
    fake.add({ txId, eventIndex: 0, to, amount: '12.5', blockMs: blockMs + (i % 3), confirmed: true });
    if (ourTransfer && deposits) deposits.set(txId, performance.timeOrigin + performance.now());
  }
}

/** The watcher's database work: statements (BEGIN and COMMIT counted) and transactions. */
const work = { statements: 0, transactions: 0 };
function counting(db) {
  const count = (q) => ({
    ...q,
    query: (text, values, opts) => {
      work.statements += 1;
      return q.query(text, values, opts);
    },
  });
  return {
    ...count(db),
    transaction: (fn) => {
      work.statements += 2;
      work.transactions += 1;
      return db.transaction((tx) => fn(count(tx)));
    },
  };
}

async function measure(addressCount, withCatchUp) {
  const database = await freshDatabase('postgres', { postgresAdminUrl: options['pg-url'] });
  const db = await createDb({ databaseUrl: database.env.DATABASE_URL, dataDir: '', poolSize: 4 });
  onCleanup(() => db.close());
  await migrate(db);
  const ours = await seedAddresses(db, addressCount);
  const fake = await startFakeTronGrid();
  onCleanup(() => fake.stop());
  const config = {
    trongridUrl: fake.url,
    trongridApiKey: undefined,
    tronPollIntervalMs: BLOCK_MS,
    trongridRps: options.rps * options.speed,
    tronScanOverlapMs: 0,
    rechargeMinAmount: '1',
  };
  // The chain so far: solidified up to the block made 20 blocks ago; the watcher starts from there.
  const startMs = Date.now();
  await db.query('update tron_chain_cursor set cursor_ms = $1', [startMs - (SOLIDIFY_BLOCKS + 1) * BLOCK_MS]);
  console.log(`\n${addressCount} watched addresses: ${options.minutes} min of chain at ${options.volume}/s`);
  const watcher = createChainWatcher({ db: counting(db), config, log: silentLog });
  const deposits = new Map();
  // The chain's blocks and our polls meet at a random phase, as they would.
  await sleep(Math.random() * BLOCK_MS);
  watcher.start();
  let blocks = 0;
  // Counted once the watcher has read up to the live chain (its first rounds read the last minute).
  let warm = null;
  const liveEnd = startMs + options.minutes * 60_000;
  // The block solidified now was made 19 blocks ago (its block time is then).
  while (Date.now() < liveEnd) {
    const next = startMs + (blocks + 1) * BLOCK_MS;
    await sleep(Math.max(0, next - Date.now()));
    if (warm) solidifyBlock(fake, next - SOLIDIFY_BLOCKS * BLOCK_MS, ours, deposits);
    else solidifyBlock(fake, next - SOLIDIFY_BLOCKS * BLOCK_MS, ours, null);
    blocks++;
    if (!warm && blocks >= 3) {
      const [{ cursor_ms }] = await db.query('select cursor_ms::float8 as cursor_ms from tron_chain_cursor');
      if (cursor_ms >= next - (SOLIDIFY_BLOCKS + 1) * BLOCK_MS)
        warm = { at: Date.now(), blocks, requests: fake.requests.length, ...work };
    }
  }
  await sleep(3 * BLOCK_MS);
  await watcher.stop();
  if (!warm) throw new Error('the watcher never caught up with the live chain: run longer (--minutes)');
  const measuredBlocks = blocks - warm.blocks;
  const requests = fake.requests.length - warm.requests;
  const simulatedSeconds = ((Date.now() - warm.at) / 1000) * options.speed;
  const rows = await db.query(
    `select tx_id, (extract(epoch from credited_at) * 1000)::float8 as credited_ms from usdt_deposits
     where tx_id = any($1::text[]) and status = 'credited'`,
    [[...deposits.keys()]],
  );
  const latencies = rows.map((r) => (r.credited_ms - deposits.get(r.tx_id)) / 1000).sort((a, b) => a - b);
  const run = {
    addresses: addressCount,
    blocks: measuredBlocks,
    deposits: deposits.size,
    credited: rows.length,
    requestsPerDay: Math.round((requests / simulatedSeconds) * 86400),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statementsPerBlock: (work.statements - warm.statements) / measuredBlocks,
    transactionsPerBlock: (work.transactions - warm.transactions) / measuredBlocks,
  };
  console.log(run);
  if (withCatchUp && options['catchup-minutes'] > 0) run.catchUp = await catchUp(db, fake, ours, config);
  return run;
}

/** The process was down for an hour: the blocks it missed are read at the request budget's pace. */
async function catchUp(db, fake, ours, config) {
  const missedBlocks = Math.round((options['catchup-minutes'] * 60_000) / BLOCK_MS);
  const nowMs = Date.now();
  const firstMs = nowMs - missedBlocks * BLOCK_MS;
  for (let b = 0; b < missedBlocks; b++) solidifyBlock(fake, firstMs + b * BLOCK_MS, ours, null);
  await db.query('update tron_chain_cursor set cursor_ms = $1, lease_until = null', [firstMs - BLOCK_MS]);
  const requestsBefore = fake.requests.length;
  const watcher = createChainWatcher({ db, config, log: silentLog });
  const started = performance.now();
  watcher.start();
  const target = firstMs + (missedBlocks - 1) * BLOCK_MS;
  for (;;) {
    const [{ cursor_ms }] = await db.query('select cursor_ms::float8 as cursor_ms from tron_chain_cursor');
    if (cursor_ms >= target) break;
    await sleep(200);
  }
  const seconds = (performance.now() - started) / 1000;
  await watcher.stop();
  const result = {
    minutes: options['catchup-minutes'],
    seconds,
    requests: fake.requests.length - requestsBefore,
  };
  console.log('catch-up', result);
  return result;
}

function report(machine, runs) {
  const [small, large] = [runs[0], runs[runs.length - 1]];
  const lines = [
    `### Chain watcher: requests, latency, catch-up (${new Date().toISOString().slice(0, 10)})`,
    '',
    machineLine(machine),
    `- Chain: ${options.volume} USDT transfers/s, ${(options.share * 100).toFixed(1)} % to our addresses, a block every 3 s solidified 19 blocks later; speed ${options.speed}×; TRONGRID_RPS ${options.rps}`,
    '',
    '| Watched addresses | Blocks | Requests per day | Deposits credited | p50 (s) | p99 (s) | DB statements / block | DB transactions / block |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (r) =>
        `| ${r.addresses} | ${r.blocks} | ${r.requestsPerDay} | ${r.credited} / ${r.deposits} | ${r.p50?.toFixed(2)} | ${r.p99?.toFixed(2)} | ${r.statementsPerBlock.toFixed(1)} | ${r.transactionsPerBlock.toFixed(2)} |`,
    ),
    '',
    `- Requests per day at ${large.addresses} ÷ at ${small.addresses} addresses: ${(large.requestsPerDay / small.requestsPerDay).toFixed(2)} (target ≈ 1; each ≤ 30,000)`,
  ];
  if (large.catchUp)
    lines.push(
      `- Catch-up of ${large.catchUp.minutes} min of missed blocks: ${large.catchUp.seconds.toFixed(1)} s, ${large.catchUp.requests} requests`,
    );
  return lines.join('\n');
}

await runBounded(
  async () => {
    const machine = describeMachine();
    const runs = [];
    for (const count of options.addresses)
      runs.push(await measure(count, count === Math.max(...options.addresses)));
    await runCleanup();
    const markdown = report(machine, runs);
    console.log(`\n${markdown}`);
    if (options.record) recordSection('chain-watcher:postgres', markdown);
    return 0;
  },
  { deadlineMs },
);
