// Mass SMS end to end: N messages from the campaign confirm (one API-service call: recipients
// normalised, charged through the ledger, queued) to every message `delivered`, through the real worker
// (SKIP LOCKED claims, SmppLink window, receipts matched in the database) against an SMSC simulator in a
// process of its own that answers each submit_sm and sends a receipt. Next to it, in the same run, the
// raw ceiling of npm `smpp` on the same simulator: a bare client submitting N messages (window 100)
// until every receipt is back, before and after Jiema's run (averaged); both sides warmed up first.
// Several rounds (Jiema's run between two ceilings each), the median round reported. Target (issue 11):
// ≥ 5,000 msg/s and ≥ 0.6 of the ceiling.
// Run: `npm run bench:mass-sms -w bench` (-- --messages 5000 for a quick one, --db pglite).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { onCleanup, runBounded } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { describeMachine } from './lib/machine.mjs';
import { parsers, readOptions } from './lib/options.mjs';
import { cpuMicrosBetween, processesCpuMicros } from './lib/process-cpu.mjs';
import { formatRate, machineLine, recordSection } from './lib/results.mjs';

const options = readOptions(
  {
    messages: {
      env: 'BENCH_MESSAGES',
      default: 50_000,
      parse: parsers.positiveInteger,
      help: 'messages sent',
    },
    db: { env: 'BENCH_DB', default: 'postgres', parse: parsers.text, help: 'postgres or pglite' },
    window: {
      env: 'BENCH_WINDOW',
      default: 100,
      parse: parsers.positiveInteger,
      help: 'SMPP window (both runs)',
    },
    batch: {
      env: 'BENCH_BATCH',
      default: 500,
      parse: parsers.positiveInteger,
      help: "worker's claim batch (the server's default)",
    },
    loops: {
      env: 'BENCH_LOOPS',
      default: 4,
      parse: parsers.positiveInteger,
      help: "worker's claim loops (the server's default)",
    },
    record: {
      env: 'BENCH_RECORD',
      default: 'yes',
      parse: parsers.text,
      help: 'write bench/RESULTS.md (yes/no)',
    },
    rounds: {
      env: 'BENCH_ROUNDS',
      default: 5,
      parse: parsers.positiveInteger,
      help: "rounds (Jiema's run between two ceilings); the median ratio is reported",
    },
    note: { env: 'BENCH_NOTE', default: '', parse: parsers.text, help: 'a note recorded with the result' },
  },
  { usage: 'node --import tsx mass-sms.mjs [options]' },
);

/**
 * Messages each side sends before it is measured: the first thousands of submits run cold code (the
 * JIT, the simulator's too, and for Jiema every pooled connection's first plans). Without it the
 * ceiling measured first came out 5-45 % below the one measured after Jiema's run, every time.
 */
const WARM_UP = Math.min(10_000, Math.ceil(options.messages / 5));

const require = createRequire(new URL('../server/package.json', import.meta.url));
const smpp = require('smpp');

async function startSimulator() {
  const child = fork(new URL('./lib/smsc-simulator.mjs', import.meta.url), [], { stdio: 'inherit' });
  onCleanup(() => child.kill());
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('the SMSC simulator exited')));
  });
  return { port, pid: child.pid };
}

/** Runs `phase` and adds the simulator's CPU per message during it (it shares the cores with both runs). */
async function withSimulatorCpu(pid, count, phase) {
  const before = processesCpuMicros([pid]);
  const result = await phase();
  return {
    ...result,
    simulatorMicrosPerMessage: cpuMicrosBetween(before, processesCpuMicros([pid])) / count,
  };
}

/** The library alone: bind, submit N with a window, wait for N receipts. */
async function rawCeiling(port, count, window) {
  const session = smpp.connect({ host: '127.0.0.1', port });
  session.on('error', () => undefined);
  await new Promise((resolve) => session.on('connect', resolve));
  await new Promise((resolve) => session.bind_transceiver({ system_id: 'raw', password: 'x' }, resolve));
  let receipts = 0;
  let done;
  const allReceipts = new Promise((resolve) => (done = resolve));
  session.on('deliver_sm', (pdu) => {
    session.send(pdu.response());
    receipts += 1;
    if (receipts === count) done();
  });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let sent = 0;
  let inFlight = 0;
  await new Promise((resolve) => {
    const pump = () => {
      while (inFlight < window && sent < count) {
        inFlight += 1;
        sent += 1;
        session.submit_sm(
          {
            destination_addr: `7999${String(sent).padStart(7, '0')}`,
            source_addr: 'Bench',
            data_coding: 0,
            short_message: 'Your code is 123456',
            registered_delivery: 1,
          },
          () => {
            inFlight -= 1;
            if (sent < count) pump();
            else if (inFlight === 0) resolve();
          },
        );
      }
    };
    pump();
  });
  await allReceipts;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  session.close();
  return { seconds, rate: count / seconds, cpuMicrosPerMessage: (cpu.user + cpu.system) / count };
}

/** The database wrapped to count statements and transactions (what each message costs in round trips). */
function countingDb(db, counts) {
  const countQueries = (q) =>
    new Proxy(q, {
      get(target, key) {
        if (key === 'query')
          return async (...args) => {
            counts.statements += 1;
            if (!counts.byText) return target.query(...args);
            const started = performance.now();
            try {
              return await target.query(...args);
            } finally {
              const text = String(args[0]).replace(/\s+/g, ' ').slice(0, 70);
              const entry = counts.byText.get(text) ?? { calls: 0, ms: 0 };
              entry.calls += 1;
              entry.ms += performance.now() - started;
              counts.byText.set(text, entry);
            }
          };
        if (key === 'transaction')
          return (fn) => {
            counts.transactions += 1;
            return target.transaction((tx) => fn(countQueries(tx)));
          };
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return countQueries(db);
}

/**
 * CPU used by the database's backends since `start()`: sampled while the run goes (a pooled connection
 * may close before the end), a backend that appears later counted from zero.
 */
function databaseCpu(database) {
  const first = new Map();
  const last = new Map();
  let timer;
  const sample = async () => {
    const pids = await database.backendPids();
    for (const [pid, micros] of processesCpuMicros(pids)) {
      if (!first.has(pid)) first.set(pid, timer ? 0 : micros);
      last.set(pid, micros);
    }
  };
  return {
    async start() {
      await sample();
      timer = setInterval(() => void sample().catch(() => undefined), 500);
    },
    async stop() {
      clearInterval(timer);
      await sample();
      let total = 0;
      for (const [pid, micros] of last) total += micros - first.get(pid);
      return total;
    },
  };
}

/** Jiema set up and warmed up: `measure()` sends one campaign of `options.messages` and times it. */
async function startJiema(port, database) {
  if (database.env.DATABASE_URL) process.env.DATABASE_URL = database.env.DATABASE_URL;
  const { createDb } = await import('../server/src/db/client.ts');
  const { migrate } = await import('../server/src/db/migrate.ts');
  const { MassSmsWorker } = await import('../server/src/modules/mass-sms/worker.ts');
  const { createCampaignService } = await import('../server/src/modules/mass-sms/campaigns.service.ts');
  const { applyBalanceChange } = await import('../server/src/modules/ledger/ledger.service.ts');
  const realDb = await createDb({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR ?? '',
    poolSize: 10,
  });
  onCleanup(() => realDb.close());
  await migrate(realDb);
  // BENCH_SQL_TIMES=1: time spent waiting per statement text, printed at the end (to find the costly ones).
  const counts = { statements: 0, transactions: 0, byText: process.env.BENCH_SQL_TIMES ? new Map() : null };
  const db = countingDb(realDb, counts);
  const [user] = await db.query(
    `insert into users (username, email, password_hash, user_type, api_key) values ('bench', 'bench@example.com', 'x', 1, $1) returning id`,
    [randomUUID()],
  );
  await db.transaction((tx) =>
    applyBalanceChange(tx, { userId: user.id, type: 'recharge', amount: '100000', reference: 'bench' }),
  );
  await db.query(
    `insert into sms_connectors (name, kind, config, password) values ('simulator', 'smpp', $1::jsonb, 'x')`,
    [JSON.stringify({ host: '127.0.0.1', port, systemId: 'bench', window: options.window })],
  );
  const worker = new MassSmsWorker({ db, batchSize: options.batch, loops: options.loops, pollMs: 20 });
  await worker.start();
  onCleanup(() => worker.stop());
  // Bound before the clock starts (a bind is not what is measured).
  for (
    let i = 0;
    i < 200 && !(await db.query(`select 1 from sms_connectors where state->>'status' = 'bound'`)).length;
    i++
  )
    await new Promise((r) => setTimeout(r, 50));
  const service = createCampaignService(db, { validityHours: 24 });
  // Sends one campaign of `count` messages to numbers starting with `head`, and waits until every one
  // is delivered; returns when it was confirmed and when its last message was submitted.
  const sendCampaign = async (count, head) => {
    const recipients = Array.from({ length: count }, (_, i) => `${head}${String(i).padStart(7, '0')}`);
    const campaign = await service.create(user.id, {
      requestKey: randomUUID(),
      recipientsText: recipients.join('\n'),
      recipients: [],
      content: 'Your code is 123456',
      name: 'bench',
      defaultCountryCode: '',
      commonVariables: {},
      senderId: 'Bench',
    });
    const confirmedAt = performance.now();
    let submittedAt = null;
    // Polled through the uncounted connection. The campaign's last message (the queue sends in id order)
    // is looked up by its key until it is out; only then is the whole campaign probed. A probe by status
    // walks every index entry its messages left behind on their way (tens of thousands of dead ones near
    // the end): polled every 50 ms from the start it cost the database about a tenth of what it did for
    // the run measured.
    const [{ last_id: lastId }] = await realDb.query(
      `select max(id)::text as last_id from sms_outbound where campaign_id = $1`,
      [campaign.id],
    );
    const pause = () => new Promise((r) => setTimeout(r, 50));
    for (;;) {
      const [last] = await realDb.query(`select status from sms_outbound where id = $1`, [lastId]);
      if (last.status === 'pending') {
        await pause();
        continue;
      }
      const [row] = await realDb.query(
        `select exists (select 1 from sms_outbound where campaign_id = $1 and status = 'pending') as pending,
                exists (select 1 from sms_outbound where campaign_id = $1 and status in ('pending', 'sent')) as undelivered`,
        [campaign.id],
      );
      if (!row.pending && submittedAt === null) submittedAt = performance.now();
      if (!row.undelivered) break;
      await pause();
    }
    const [{ delivered }] = await realDb.query(
      `select count(*)::int as delivered from sms_outbound where campaign_id = $1 and status = 'delivered'`,
      [campaign.id],
    );
    if (delivered !== count) throw new Error(`${delivered} of ${count} delivered`);
    return { confirmedAt, submittedAt };
  };
  // Warmed up as the ceiling is (see WARM_UP): the worker's code compiled, every pooled connection's
  // statements prepared. After the warm-up and after each measured campaign the table is vacuumed and
  // analyzed and the buffers written out (`settle`):
  // - each campaign starts where a platform's campaigns do, on statistics that say nothing is queued
  //   (how the by-id statements' plans that trusted them were found, mass-sms/status-filter.ts);
  // - autovacuum does not run during the ceiling that follows, taking its CPU: without this, the first
  //   run of five rounds had ceilings of 27,500-29,300 msg/s, against 32,100-32,500 with it.
  await sendCampaign(WARM_UP, '+7998');
  const settle = async () => {
    await realDb.query('vacuum analyze sms_outbound');
    await realDb.query('checkpoint');
  };
  await settle();
  const measure = async () => {
    const dbCpu = databaseCpu(database);
    await dbCpu.start();
    counts.statements = 0;
    counts.transactions = 0;
    counts.byText?.clear();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const { confirmedAt, submittedAt } = await sendCampaign(options.messages, '+7999');
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const databaseMicros = await dbCpu.stop();
    const statements = counts.statements;
    if (counts.byText)
      for (const [text, { calls, ms }] of [...counts.byText].sort((a, b) => b[1].ms - a[1].ms))
        console.error(`${Math.round(ms).toString().padStart(7)} ms ${String(calls).padStart(6)}× ${text}`);
    const transactions = counts.transactions;
    await settle();
    return {
      databaseCpuMicrosPerMessage: databaseMicros / options.messages,
      statementsPerThousand: (statements / options.messages) * 1000,
      transactionsPerThousand: (transactions / options.messages) * 1000,
      seconds,
      rate: options.messages / seconds,
      confirmSeconds: (confirmedAt - started) / 1000,
      submittedSeconds: (submittedAt - started) / 1000,
      cpuMicrosPerMessage: (cpu.user + cpu.system) / options.messages,
    };
  };
  return { measure, stop: () => worker.stop() };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

await runBounded(
  async () => {
    const machine = describeMachine();
    const simulator = await startSimulator();
    const database = await freshDatabase(options.db);
    const ceiling = () =>
      withSimulatorCpu(simulator.pid, options.messages, () =>
        rawCeiling(simulator.port, options.messages, options.window),
      );
    // The ceiling is measured before and after each Jiema run and the two averaged: a shared machine's
    // speed drifts within a minute, and one ceiling on one side of the run made the ratio swing with that
    // drift. Each round's ratio still moved by ±0.04 from run to run of the same code (bench/RESULTS.md,
    // eighth session), so there are several rounds (one ceiling between two runs serves both) and the
    // round with the median ratio is reported, every round's ratio next to it.
    await rawCeiling(simulator.port, WARM_UP, options.window);
    const jiemaSide = await startJiema(simulator.port, database);
    const ceilings = [await ceiling()];
    const rounds = [];
    for (let round = 0; round < options.rounds; round++) {
      const jiema = await withSimulatorCpu(simulator.pid, options.messages, jiemaSide.measure);
      ceilings.push(await ceiling());
      const [rawBefore, rawAfter] = ceilings.slice(-2);
      const raw = {
        rate: (rawBefore.rate + rawAfter.rate) / 2,
        seconds: (rawBefore.seconds + rawAfter.seconds) / 2,
        cpuMicrosPerMessage: (rawBefore.cpuMicrosPerMessage + rawAfter.cpuMicrosPerMessage) / 2,
        simulatorMicrosPerMessage:
          (rawBefore.simulatorMicrosPerMessage + rawAfter.simulatorMicrosPerMessage) / 2,
      };
      rounds.push({ jiema, raw, rawBefore, rawAfter, ratio: jiema.rate / raw.rate });
    }
    await jiemaSide.stop();
    const ratios = rounds.map((r) => r.ratio);
    const { jiema, raw, rawBefore, rawAfter, ratio } = rounds.find((r) => r.ratio === median(ratios));
    const met = jiema.rate >= 5000 && ratio >= 0.6;
    const markdown = `## Mass SMS end to end (${options.messages.toLocaleString('en-US')} messages, ${database.kind})

**${formatRate(jiema.rate)} msg/s** from the campaign confirm to every message delivered; the raw npm \`smpp\` ceiling in the same round: ${formatRate(raw.rate)} msg/s (${formatRate(rawBefore.rate)} before Jiema's run, ${formatRate(rawAfter.rate)} after), ratio **${ratio.toFixed(2)}**, the median of ${rounds.length} rounds (${ratios.map((r) => r.toFixed(2)).join(', ')}, in the order run). Target ≥ 5,000 msg/s and ≥ 0.6 of the ceiling: **${met ? 'met' : 'not met'}**.${options.note ? ` ${options.note}` : ''}

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineLine(machine)}
- Code: ${machine.commit}
- Database: ${database.description}
- Jiema: the worker in the benchmark process (batch ${options.batch}, ${options.loops} claim loops, window ${options.window}), SMSC simulator (npm \`smpp\` server, one receipt per submit) in its own process
- Ceiling: one npm \`smpp\` client, window ${options.window}, same simulator, until every receipt is back; run before and after each of Jiema's runs, the two averaged; each side first sends ${WARM_UP.toLocaleString('en-US')} unmeasured messages (warm-up)
- Rounds: ${rounds.length}, each a campaign of ${options.messages.toLocaleString('en-US')} on the same database (vacuumed and analyzed before each); the table and figures below are the median round's

| Step | Seconds |
| --- | ---: |
| Confirm (normalise, charge, queue ${options.messages.toLocaleString('en-US')} rows) | ${jiema.confirmSeconds.toFixed(2)} |
| Last message submitted | ${jiema.submittedSeconds.toFixed(2)} |
| **Every message delivered** | **${jiema.seconds.toFixed(2)}** |
| Raw library ceiling (submit + receipts; mean of the two runs) | ${raw.seconds.toFixed(2)} |

CPU time of the benchmark process per message (load-independent; the database's and the simulator's excluded): Jiema ${Math.round(jiema.cpuMicrosPerMessage)} µs (confirm, claims, submits, receipts), the bare client ${Math.round(raw.cpuMicrosPerMessage)} µs.${database.kind === 'postgres' ? ` PostgreSQL backends: ${Math.round(jiema.databaseCpuMicrosPerMessage)} µs per message.` : ''} Statements of the confirm and the worker: ${Math.round(jiema.statementsPerThousand)} and transactions ${Math.round(jiema.transactionsPerThousand)} per 1,000 messages. The simulator, which shares the cores with both runs: ${Math.round(raw.simulatorMicrosPerMessage)} µs per message in the ceiling run, ${Math.round(jiema.simulatorMicrosPerMessage)} µs in Jiema's.`;
    console.log(markdown);
    if (options.record === 'yes') recordSection(`mass-sms:${database.kind}`, markdown);
  },
  { deadlineMs: 30 * 60_000 },
);
