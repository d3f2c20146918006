// Does a busy platform's history make its hot statements dearer? The same day of requests (purchases
// through getNumber and the store, polls, SMS over the webhook gateway with codes and customer
// webhooks, code links, finishes, a mass SMS campaign with receipts, customers' and administrators'
// pages, logins) is run against two databases: one empty, one holding a year of a busy platform's
// history (bench/lib/report-dataset.mjs at `--scale`: at 1, 200,000 orders and rentals, 1,000,000
// inbound SMS, 1,000,000 mass SMS messages with their receipts, 500,000 logins…). Each statement
// the servers ran is read from `pg_stat_statements` (on a PostgreSQL cluster of the benchmark's own:
// the extension needs a server start with it preloaded), and its cost per call is compared in shared
// buffers touched, which, unlike time, does not depend on how busy the machine is. A statement whose
// blocks per call grow by more than 20 % with the history is listed as growing.
// The servers run with retention off (RETENTION_CHECK_SECONDS=0): the history stays as seeded, the
// worst case, as for an operator who keeps everything.
//   npm run build -w server && node bench/history-growth.mjs [--scale 1] [--rounds 300] [--record on]
import { createHmac, randomUUID } from 'node:crypto';
import { prepareWorld } from './lib/busy-world.mjs';
import { runBounded } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { startJiemaServer } from './lib/jiema-server.mjs';
import { describeMachine } from './lib/machine.mjs';
import { parsers, readOptions } from './lib/options.mjs';
import { startPrivatePostgres } from './lib/private-postgres.mjs';
import { seedReportDataset } from './lib/report-dataset.mjs';
import { machineLine, recordSection } from './lib/results.mjs';
import { importFromServer } from './lib/server-packages.mjs';
import { startSmscProcess } from './lib/smsc-process.mjs';
import { startWebhookSink } from './lib/webhook-sink.mjs';

const options = readOptions(
  {
    scale: { env: 'BENCH_SCALE', default: 1, parse: Number, help: "the year's size (1: 1,000,000 SMS…)" },
    rounds: { env: 'BENCH_ROUNDS', default: 300, parse: Number, help: 'activations bought per database' },
    record: { env: 'BENCH_RECORD', default: 'off', parse: parsers.text, help: 'on: write bench/RESULTS.md' },
  },
  { usage: 'node bench/history-growth.mjs [options]: hot statements on an empty and a year-old database' },
);
const GROWTH_LIMIT = 1.2;
/** Statements cheaper than this per call (in 8 KB buffers) are not worth a line, whatever their ratio. */
const NOTABLE_BLOCKS = 8;

const machine = describeMachine();

/** The day of requests, in order, one at a time; counts per path (errors are thrown: nothing may fail). */
async function runDay(origin, world, client) {
  const counts = new Map();
  const hit = (path) => counts.set(path, (counts.get(path) ?? 0) + 1);
  const expectText = async (path, url, check) => {
    const text = await fetch(`${origin}${url}`).then((r) => r.text());
    if (!check(text)) throw new Error(`${path}: ${text.slice(0, 200)}`);
    hit(path);
    return text;
  };
  const api = async (path, token, method, url, body, headers = {}) => {
    const data = await world.api(token, method, url, body, headers);
    hit(path);
    return data;
  };
  const sa = (customer, params) =>
    `/stubs/handler_api.php?${new URLSearchParams({ api_key: customer.apiKey, ...params })}`;
  const pick = (i) => world.customers[i % world.customers.length];
  const sms = async (to, text) => {
    const body = JSON.stringify({ id: randomUUID(), to, from: 'Busy', text });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', world.gateway.secret).update(body).update(timestamp).digest('hex');
    const res = await fetch(`${origin}/api/inbound/${world.gateway.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
      body,
    });
    if (res.status !== 200) throw new Error(`inbound SMS: ${res.status} ${await res.text()}`);
    hit('inbound SMS');
  };

  const activations = [];
  for (let i = 0; i < options.rounds; i++) {
    const customer = pick(i);
    const text = await expectText(
      'getNumber',
      sa(customer, { action: 'getNumber', service: 'busy', country: 187 }),
      (t) => t.startsWith('ACCESS_NUMBER:'),
    );
    const [, id, phone] = text.split(':');
    activations.push({ id, phone: `+${phone}`, customer });
  }
  const links = [];
  for (let i = 0; i < options.rounds / 5; i++) {
    const customer = pick(i);
    const order = await api(
      'store purchase',
      customer.token,
      'POST',
      '/api/store/orders',
      {
        applicationId: world.appId,
        countryCode: 'US',
        cardType: 'new',
        validityOptionId: world.validity,
        quantity: 1,
      },
      { 'idempotency-key': randomUUID() },
    );
    const phone = order.phones[0];
    links.push({ token: phone.token, phone: phone.phoneNumber });
  }
  for (const a of activations)
    await expectText('getStatus', sa(a.customer, { action: 'getStatus', id: a.id }), (t) =>
      t.startsWith('STATUS_'),
    );
  for (const [i, a] of [...activations, ...links].entries()) await sms(a.phone, `Busy code: ${100000 + i}`);
  for (let i = 0; i < options.rounds / 2; i++)
    await sms(world.strays[i % world.strays.length], `Busy code: ${i}`);
  await new Promise((r) => setTimeout(r, 2000));
  for (const a of activations)
    await expectText('getStatus (code)', sa(a.customer, { action: 'getStatus', id: a.id }), (t) =>
      t.startsWith('STATUS_OK:'),
    );
  for (const l of links)
    await expectText('code link', `/api/code/${l.token}?format=json`, (t) => t.includes('"code"'));
  for (const a of activations.slice(0, activations.length / 2))
    await expectText('setStatus 6', sa(a.customer, { action: 'setStatus', id: a.id, status: 6 }), (t) =>
      t.startsWith('ACCESS_'),
    );

  const pages = [
    ['customer: rentals', '/api/rentals?page=1&pageSize=20'],
    ['customer: orders', '/api/orders?page=1&pageSize=20'],
    ['customer: SMS history', '/api/sms-history?page=1&pageSize=20'],
    ['customer: finance records', '/api/finance/records?page=1&pageSize=20'],
  ];
  const adminPages = [
    ['admin: reports', '/api/reports/statistics?period=today'],
    ['admin: overview', '/api/dashboard/overview'],
    ['admin: SMS records', '/api/admin/sms-records?page=1&pageSize=20'],
    ['admin: users', '/api/admin/users?page=1&pageSize=20'],
    ['admin: orders', '/api/admin/orders?page=1&pageSize=20'],
    ['admin: finance records', '/api/admin/finance/records?page=1&pageSize=20'],
    ['admin: mass SMS send orders', '/api/mass-sms/campaigns?page=1&pageSize=20'],
  ];
  for (let i = 0; i < options.rounds / 10; i++) {
    for (const [path, url] of pages) await api(path, pick(i).token, 'GET', url);
    for (const [path, url] of adminPages) await api(path, world.adminToken, 'GET', url);
  }

  // A campaign, sent through the SMSC simulator with receipts, waited for until every message is delivered.
  const size = options.rounds * 10;
  const campaign = await api('mass SMS campaign', world.adminToken, 'POST', '/api/mass-sms/campaigns', {
    requestKey: randomUUID(),
    recipientsText: Array.from({ length: size }, (_, i) => `+7${9260000000 + i}`).join('\n'),
    content: 'Busy day: your parcel is on its way.',
  });
  for (let waited = 0; ; waited += 200) {
    const { rows } = await client.query(
      `select count(*)::int as n from sms_outbound where campaign_id = $1 and status = 'delivered'`,
      [campaign.id],
    );
    if (rows[0].n === size) break;
    if (waited > 120_000) throw new Error(`mass SMS: ${rows[0].n} of ${size} delivered after 2 minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
  counts.set('mass SMS delivered (messages)', size);
  return counts;
}

async function measure(label, adminUrl, scale) {
  const database = await freshDatabase('postgres', { postgresAdminUrl: adminUrl });
  const server = await startJiemaServer({
    database,
    logLevel: 'warn',
    maxLifetimeMs: 3 * 3600_000,
    env: {
      COMPAT_RATE_LIMIT_PER_SECOND: '0',
      CODE_LINK_LIMIT_PER_MINUTE: '10000000',
      TRON_WATCHER: 'off',
      CODE_WEBHOOK_ALLOW_PRIVATE: 'true',
      RETENTION_CHECK_SECONDS: '0',
    },
  });
  const pg = await importFromServer('pg');
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    if (scale > 0) {
      console.log(`  seeding a year at scale ${scale}`);
      await seedReportDataset(client, scale, (line) => console.log(`  ${line}`));
    }
    const smsc = await startSmscProcess();
    const sink = await startWebhookSink();
    const world = await prepareWorld(client, server.origin, server.admin, {
      customers: 50,
      stock: options.rounds * 2 + 500,
    });
    await world.api(world.adminToken, 'POST', '/api/admin/mass-sms/connectors', {
      kind: 'smpp',
      name: 'simulator',
      password: 'bench',
      defaultSenderId: 'Busy',
      config: { host: '127.0.0.1', port: smsc.port, systemId: 'mt', window: 50 },
    });
    await client.query(
      `with funded as (update users set balance = balance + 1000000 where username = $1 returning id, balance)
       insert into ledger_entries (user_id, type, amount, balance_after, reference, note)
       select id, 'recharge', 1000000, balance, 'bench:admin', 'benchmark funds' from funded`,
      [server.admin.username],
    );
    for (const { token } of world.customers) {
      const current = await world.api(token, 'GET', '/api/code-settings');
      await world.api(token, 'PUT', '/api/code-settings', {
        answerFormat: current.answerFormat,
        windowMinutes: current.windowMinutes,
        timeZone: current.timeZone,
        webhookUrl: sink.url,
      });
    }
    await client.query('vacuum analyze');
    await client.query('create extension if not exists pg_stat_statements');
    const dbOid = (await client.query('select oid from pg_database where datname = current_database()'))
      .rows[0].oid;
    await client.query('select pg_stat_statements_reset(0, $1, 0)', [dbOid]);
    const started = Date.now();
    const counts = await runDay(server.origin, world, client);
    const seconds = (Date.now() - started) / 1000;
    const { rows: statements } = await client.query(
      `select query, calls::int, (shared_blks_hit + shared_blks_read)::float8 as blocks, total_exec_time as ms
         from pg_stat_statements where dbid = $1 and query not like '%pg_stat_statements%'`,
      [dbOid],
    );
    const size = Number((await client.query('select pg_database_size(current_database()) as b')).rows[0].b);
    console.log(
      `  ${label}: ${statements.length} statements over ${seconds.toFixed(0)} s; database ${(size / 2 ** 20).toFixed(0)} MB`,
    );
    return { label, statements, counts, size, seconds, webhooks: sink.summary() };
  } finally {
    await client.end();
    await server.stop();
  }
}

const oneLine = (query) => query.replace(/\s+/g, ' ').trim();

function compare(empty, year) {
  const byText = (run) => new Map(run.statements.map((s) => [oneLine(s.query), s]));
  const before = byText(empty);
  const rows = [];
  for (const [text, after] of byText(year)) {
    const was = before.get(text);
    if (!was || was.calls < 5 || after.calls < 5) continue;
    const perCall = { empty: was.blocks / was.calls, year: after.blocks / after.calls };
    rows.push({
      text,
      calls: after.calls,
      perCall,
      ratio: perCall.empty > 0 ? perCall.year / perCall.empty : perCall.year > 0 ? Infinity : 1,
      ms: { empty: was.ms / was.calls, year: after.ms / after.calls },
    });
  }
  return rows;
}

async function main() {
  console.log(`load average ${machine.loadAverage.toFixed(2)} at the start`);
  const postgres = await startPrivatePostgres({
    settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' },
  });
  const empty = await measure('empty', postgres.adminUrl, 0);
  const year = await measure('a year', postgres.adminUrl, options.scale);
  const rows = compare(empty, year);
  const growing = rows
    .filter((r) => r.ratio > GROWTH_LIMIT && r.perCall.year >= NOTABLE_BLOCKS)
    .sort((a, b) => b.perCall.year * b.calls - a.perCall.year * a.calls);
  const dearest = [...rows].sort((a, b) => b.perCall.year * b.calls - a.perCall.year * a.calls).slice(0, 15);
  const total = (run) => run.statements.reduce((sum, s) => sum + s.blocks, 0);
  const short = (text) => `\`${text.length > 150 ? `${text.slice(0, 150)}…` : text}\``.replaceAll('|', '\\|');
  const line = (r) =>
    `| ${short(r.text)} | ${r.calls} | ${r.perCall.empty.toFixed(1)} | ${r.perCall.year.toFixed(1)} | ${r.ratio.toFixed(2)} |`;
  const header =
    '| Statement | Calls (year) | Blocks/call empty | Blocks/call year | Ratio |\n| --- | ---: | ---: | ---: | ---: |';
  const markdown = `## Hot statements as the history grows (\`bench/history-growth.mjs\`)

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; machine: ${machineLine(machine)}
- Code: ${machine.commit}; a PostgreSQL cluster of the benchmark's own with \`pg_stat_statements\`; one server per database, retention off
- The same day on both: ${[...year.counts].map(([path, n]) => `${path} ${n}`).join(', ')}
- Databases: empty ${(empty.size / 2 ** 20).toFixed(0)} MB; a year at scale ${options.scale} ${(year.size / 2 ** 20).toFixed(0)} MB
- Buffers touched by all statements: empty ${total(empty).toLocaleString('en-US')}, a year ${total(year).toLocaleString('en-US')} (× ${(total(year) / total(empty)).toFixed(2)})
- Statements run on both at least 5 times: ${rows.length}; growing by more than ${Math.round((GROWTH_LIMIT - 1) * 100)} % per call (and ≥ ${NOTABLE_BLOCKS} buffers): **${growing.length}**

${growing.length ? `Growing:\n\n${header}\n${growing.map(line).join('\n')}\n\n` : ''}The dearest statements of the year run (calls × buffers):

${header}
${dearest.map(line).join('\n')}`;
  console.log(`\n${markdown}\n`);
  if (options.record === 'on') {
    if (machine.loadAverage >= 1) console.log('not recorded: the machine was not idle at the start');
    else recordSection('history-growth', markdown);
  }
  return 0;
}

await runBounded(main, { deadlineMs: 3 * 3600_000 });
