// Upstream providers (reselling another platform's numbers): with a second Jiema as the upstream on this
// machine, (1) our own added time per upstream-served purchase: median `POST /api/store/orders` served by
// the upstream minus the median direct `getNumber` to the same upstream (target ≤ 5 ms); (2) from an SMS
// stored at the upstream to its code on our code link (target ≤ poll interval + 200 ms); (3) upstream
// requests per open activation per minute (a cost the operator pays), batched and one by one.
import path from 'node:path';
import { addUsNumbers, fundUser, pricedApplication } from './lib/bench-world.mjs';
import { runBounded } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { BUILT_SERVER, logIn, startJiemaServer } from './lib/jiema-server.mjs';
import { describeMachine } from './lib/machine.mjs';
import { parsers, readOptions } from './lib/options.mjs';
import { machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';

const options = readOptions(
  {
    purchases: {
      env: 'BENCH_PURCHASES',
      default: 50,
      parse: parsers.positiveInteger,
      help: 'purchases timed per path',
    },
    warmup: {
      env: 'BENCH_WARMUP',
      default: 20,
      parse: parsers.nonNegativeInteger,
      help: 'untimed pairs first (every pooled connection past its first, custom-planned runs)',
    },
    codes: {
      env: 'BENCH_CODES',
      default: 20,
      parse: parsers.positiveInteger,
      help: 'SMS timed to the code link',
    },
    'poll-ms': {
      env: 'BENCH_POLL_MS',
      default: 1000,
      parse: parsers.positiveInteger,
      help: "reseller's UPSTREAM_POLL_MS",
    },
    'watch-seconds': {
      env: 'BENCH_WATCH_SECONDS',
      default: 60,
      parse: parsers.positiveInteger,
      help: 'seconds the open activations are watched for the request count',
    },
    'log-level': { env: 'BENCH_LOG_LEVEL', default: 'warn', parse: parsers.text, help: "servers' LOG_LEVEL" },
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
      help: 'built server entry',
    },
    record: { env: 'BENCH_RECORD', default: 'yes', parse: parsers.yesNo, help: 'write bench/RESULTS.md' },
  },
  {
    usage:
      'node upstream.mjs [options]: added time per upstream-served purchase, SMS-to-code latency, upstream requests',
  },
);

const TARGET_ADDED_MS = 5;
const deadlineMs = (360 + options['watch-seconds'] * 2 + options.codes * 5) * 1000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

await runBounded(
  async () => {
    const machine = describeMachine();
    const markdown = await benchmark(machine);
    if (options.record) {
      recordSection('upstream:postgres', markdown);
      console.log('Recorded in bench/RESULTS.md');
    }
    return 0;
  },
  { deadlineMs },
);

async function benchmark(machine) {
  const pg = await importFromServer('pg');
  const maxLifetimeMs = deadlineMs + 30_000;
  const upDb = await freshDatabase('postgres', { postgresAdminUrl: options['pg-url'] });
  const ourDb = await freshDatabase('postgres', { postgresAdminUrl: options['pg-url'] });
  const env = {
    STORE_SWEEP_INTERVAL_SECONDS: '0',
    COMPAT_RATE_LIMIT_PER_SECOND: '0',
    CODE_LINK_LIMIT_PER_MINUTE: '10000000',
  };
  const up = await startJiemaServer({
    database: upDb,
    logLevel: options['log-level'],
    maxLifetimeMs,
    script: options.server,
    env,
  });
  const ours = await startJiemaServer({
    database: ourDb,
    logLevel: options['log-level'],
    maxLifetimeMs,
    script: options.server,
    env: { ...env, UPSTREAM_ALLOW_PRIVATE: 'on', UPSTREAM_POLL_MS: String(options['poll-ms']) },
  });
  const upClient = new pg.Client({ connectionString: upDb.env.DATABASE_URL });
  const ourClient = new pg.Client({ connectionString: ourDb.env.DATABASE_URL });
  await upClient.connect();
  await ourClient.connect();
  try {
    // The upstream: an application priced 0.1, numbers in stock, the reseller's account (its admin) funded.
    await logIn(up.origin, up.admin);
    const stock = (options.purchases + options.warmup) * 2 + options.codes + 10;
    await pricedApplication(upClient, { code: 'benchup', kind: 'activation' });
    await addUsNumbers(upClient, stock);
    const [{ id: upUser, api_key: apiKey }] = (
      await upClient.query('select id, api_key from users where username = $1', [up.admin.username])
    ).rows;
    await fundUser(upClient, upUser, 100000);

    // Ours: the same application at 1.0, no own stock; the upstream added as a provider and tested.
    const token = await logIn(ours.origin, ours.admin);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const ourApp = await pricedApplication(ourClient, { code: 'benchup', kind: 'activation' });
    await ourClient.query('update price_rules set price = 1 where application_id = $1', [ourApp.appId]);
    const [{ id: ourUser }] = (
      await ourClient.query('select id from users where username = $1', [ours.admin.username])
    ).rows;
    await fundUser(ourClient, ourUser, 100000);
    const created = await (
      await fetch(`${ours.origin}/api/admin/upstream-providers`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: 'bench',
          protocol: 'sms-activate',
          baseUrl: up.origin,
          apiKey,
          currency: 'USD',
          rateToUsdt: '1',
          marginPercent: '10',
        }),
      })
    ).json();
    const tested = await (
      await fetch(`${ours.origin}/api/admin/upstream-providers/${created.data.id}/test`, {
        method: 'POST',
        headers: { authorization: auth.authorization },
      })
    ).json();
    if (tested.code !== 200) throw new Error(`provider test failed: ${JSON.stringify(tested)}`);
    const [{ country }] = (
      await upClient.query(
        `select coalesce(sms_activate_id, 187) as country from countries where code = 'US'`,
      )
    ).rows;

    // (1) direct getNumber to the upstream vs a purchase at ours served by it, alternating.
    const direct = [];
    const served = [];
    const floor = [];
    const rentals = [];
    for (let i = -options.warmup; i < options.purchases; i++) {
      let t0 = performance.now();
      const answer = await (
        await fetch(
          `${up.origin}/stubs/handler_api.php?api_key=${apiKey}&action=getNumberV2&service=benchup&country=${country}&maxPrice=1`,
        )
      ).text();
      if (i >= 0) direct.push(performance.now() - t0);
      if (!answer.startsWith('{')) throw new Error(`direct getNumber: ${answer}`);
      t0 = performance.now();
      const res = await fetch(`${ours.origin}/api/store/orders`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          applicationId: ourApp.appId,
          countryCode: 'US',
          cardType: 'new',
          validityOptionId: ourApp.validity,
          quantity: 1,
        }),
      });
      if (i >= 0) served.push(performance.now() - t0);
      const body = await res.json();
      if (body.code !== 200) throw new Error(`purchase: ${JSON.stringify(body)}`);
      if (i >= 0) rentals.push(body.data.phones[0]);
      // The floor: the same buyer's request that does nothing but sign in and answer (its session
      // read again, as the purchase's balance change announced the user).
      t0 = performance.now();
      const info = await fetch(`${ours.origin}/auth/info`, {
        headers: { authorization: auth.authorization },
      });
      if (i >= 0) floor.push(performance.now() - t0);
      if (info.status !== 200) throw new Error(`auth/info: ${info.status}`);
      await info.arrayBuffer();
    }
    const added = median(served) - median(direct);
    console.log(
      `direct getNumberV2 median ${median(direct).toFixed(1)} ms; served purchase median ${median(served).toFixed(1)} ms; added ${added.toFixed(1)} ms; a signed-in request doing nothing ${median(floor).toFixed(1)} ms`,
    );

    // (2) an SMS stored at the upstream (as its gateway would) → the code on our code link.
    const latencies = [];
    for (let i = 0; i < Math.min(options.codes, rentals.length); i++) {
      const phone = rentals[i];
      const code = String(100000 + i);
      const { rows } = await upClient.query(
        `select r.id from rentals r where r.phone_number = $1 and r.status = 'active' order by r.id desc limit 1`,
        [phone.phoneNumber],
      );
      const t0 = performance.now();
      await upClient.query(
        `insert into sms_messages (rental_id, phone_number_id, phone_number, application_id, sender, text, code, source)
         select id, phone_number_id, phone_number, application_id, 'Bench', $2, $3, 'bench' from rentals where id = $1`,
        [rows[0].id, `code ${code}`, code],
      );
      for (;;) {
        const text = await (await fetch(`${ours.origin}/api/code/${phone.token}`)).text();
        if (text.includes(code)) break;
        if (performance.now() - t0 > options['poll-ms'] * 20 + 10_000) throw new Error('code never arrived');
        await sleep(10);
      }
      latencies.push(performance.now() - t0);
    }
    console.log(
      `SMS → code link: p50 ${median(latencies).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
    );

    // (3) requests to the upstream per open activation per minute, over the watch window: first with
    // batched polling (one getActiveActivations per provider and round, getStatus only for changed
    // ones), then by a reseller process on the same database with UPSTREAM_BATCH_POLL=off (one
    // getStatus per activation), for the before/after.
    const open = async () =>
      Number(
        (await ourClient.query(`select count(*) from upstream_activations where state = 'active'`)).rows[0]
          .count,
      );
    const requests = async () =>
      Number(
        (await ourClient.query('select coalesce(sum(requests), 0) as n from upstream_request_stats')).rows[0]
          .n,
      );
    const watch = async (label) => {
      // The same start for both: every open activation due now, at the base interval.
      await ourClient.query(
        `update upstream_activations set poll_interval_ms = $1, next_poll_at = now(), upstream_status = null where state = 'active'`,
        [options['poll-ms']],
      );
      const before = await requests();
      const openBefore = await open();
      await sleep(options['watch-seconds'] * 1000);
      const rate =
        ((await requests()) - before) / ((openBefore + (await open())) / 2) / (options['watch-seconds'] / 60);
      console.log(
        `upstream requests per open activation per minute, ${label}: ${rate.toFixed(2)} (${openBefore} open)`,
      );
      return { rate, openBefore };
    };
    const batched = await watch('batched');
    await ours.stop();
    const unbatchedServer = await startJiemaServer({
      database: ourDb,
      logLevel: options['log-level'],
      maxLifetimeMs,
      script: options.server,
      env: {
        ...env,
        UPSTREAM_ALLOW_PRIVATE: 'on',
        UPSTREAM_POLL_MS: String(options['poll-ms']),
        UPSTREAM_BATCH_POLL: 'off',
      },
    });
    const single = await watch('one getStatus per activation');
    await unbatchedServer.stop();
    const perMinute = batched.rate;
    const openBefore = batched.openBefore;

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    return `## Upstream-served purchases (a second Jiema as the provider), PostgreSQL

**Added per purchase ${added.toFixed(1)} ms** (target ≤ ${TARGET_ADDED_MS} ms: **${added <= TARGET_ADDED_MS ? 'met' : 'not met'}**); **SMS → code link p50 ${median(latencies).toFixed(0)} ms, p90 ${pct(latencies, 0.9).toFixed(0)} ms** (target ≤ poll ${options['poll-ms']} ms + 200 ms); **${perMinute.toFixed(2)} upstream requests per open activation per minute** batched (${single.rate.toFixed(2)} with one getStatus per activation).

- Date: ${when} UTC; machine: ${machineLine(machine)}; code: ${machine.commit}; both servers and PostgreSQL on these cores
- (1) ${options.purchases} pairs after ${options.warmup} untimed ones, alternating: a direct \`getNumberV2\` to the upstream, then \`POST /api/store/orders\` at ours (no own stock, served by the upstream: intent, getNumberV2, local commit); added = difference of the medians (direct ${median(direct).toFixed(1)} ms, served ${median(served).toFixed(1)} ms). For scale, after each purchase the same buyer's \`GET /auth/info\` (sign-in and answer, nothing else; the purchase's balance change made its session be read again): median ${median(floor).toFixed(1)} ms, part of every request to us and so of the added time
- (2) ${latencies.length} SMS stored at the upstream, each timed until our \`GET /api/code/<token>\` shows its code (polled every 10 ms); UPSTREAM_POLL_MS=${options['poll-ms']}
- (3) \`upstream_request_stats\` over ${options['watch-seconds']} s with ${openBefore} activations open (waiting for an SMS), batched (one \`getActiveActivations\` per provider and round, every poll interval less one relay tick), then ${options['watch-seconds']} s by a reseller process with \`UPSTREAM_BATCH_POLL=off\` (${single.openBefore} open; one \`getStatus\` per activation, its wait doubling to 8× the poll interval while nothing changes)`;
  } finally {
    await upClient.end();
    await ourClient.end();
  }
}
