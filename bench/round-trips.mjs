// Work per request that does not depend on how busy the machine is: database round trips (statements,
// counting BEGIN and COMMIT of each transaction) and the server's own CPU time (process.cpuUsage) per
// request, for the three hot paths of issues 8 and 9: an inbound webhook SMS, a code link read and an
// sms-activate getStatus poll. The app runs in this process (app.inject, no sockets) on a fresh PostgreSQL
// database, with its database client wrapped only to count what goes through it.
//   node --import tsx bench/round-trips.mjs [--requests 300]      (npm run bench:round-trips -w bench)
import { createHmac, randomUUID } from 'node:crypto';
import { buildApp } from '../server/src/app.ts';
import { createDb } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seed } from '../server/src/db/seed.ts';
import { ADMIN, testConfig } from '../server/test/support/test-config.ts';
import { runBounded } from './lib/cleanup.mjs';
import { freshDatabase } from './lib/databases.mjs';
import { parsers, readOptions } from './lib/options.mjs';

const options = readOptions(
  {
    requests: {
      env: 'BENCH_REQUESTS',
      default: 300,
      parse: parsers.positiveInteger,
      help: 'requests per path',
    },
    'pg-url': {
      env: 'BENCH_PG_URL',
      default: 'postgres://postgres@127.0.0.1:5432/postgres',
      parse: parsers.text,
      help: 'PostgreSQL admin URL (loopback only)',
    },
  },
  { usage: 'node --import tsx round-trips.mjs [options]: round trips and CPU per request of the hot paths' },
);

const counts = { statements: 0 };
/** The real client, counting: every statement, and BEGIN + COMMIT for each transaction. */
function counting(db) {
  const count = (q) => ({
    ...q,
    query: (text, values, opts) => {
      counts.statements += 1;
      return q.query(text, values, opts);
    },
  });
  return {
    ...count(db),
    transaction: (fn) => {
      counts.statements += 2;
      return db.transaction((tx) => fn(count(tx)));
    },
  };
}

async function perRequest(label, n, send) {
  await send(-1); // warm: prepared statements, caches, JIT
  await send(-2);
  const before = counts.statements;
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) await send(i);
  const used = process.cpuUsage(cpu);
  return {
    label,
    statements: (counts.statements - before) / n,
    cpuMicros: (used.user + used.system) / n,
  };
}

await runBounded(
  async () => {
    const database = await freshDatabase('postgres', { postgresAdminUrl: options['pg-url'] });
    const url = database.env.DATABASE_URL;
    const config = testConfig(
      { CAPTCHA: 'off', CODE_LINK_LIMIT_PER_MINUTE: '10000000', COMPAT_RATE_LIMIT_PER_SECOND: '100000' },
      url,
    );
    const raw = await createDb({ databaseUrl: url, dataDir: '', poolSize: 4 });
    await migrate(raw);
    await seed(raw, config);
    const db = counting(raw);
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    try {
      const rows = await measure(app, raw);
      console.log('\n| Path | DB round trips / request | Server CPU / request (in process) |');
      console.log('| --- | ---: | ---: |');
      for (const r of rows)
        console.log(`| ${r.label} | ${r.statements.toFixed(2)} | ${Math.round(r.cpuMicros)} µs |`);
    } finally {
      await app.close();
      await raw.close();
    }
    return 0;
  },
  { deadlineMs: 300_000 },
);

async function measure(app, db) {
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username: ADMIN.username, password: ADMIN.password },
  });
  const token = login.json().data.token;
  const auth = { authorization: `Bearer ${token}` };
  const [{ id: userId, api_key: apiKey }] = await db.query(
    'select id, api_key from users where username = $1',
    [ADMIN.username],
  );
  await db.query('update users set balance = balance + 1000 where id = $1', [userId]);
  await db.query(
    `insert into ledger_entries (user_id, type, amount, balance_after, reference, note)
     select id, 'recharge', 1000, balance, 'bench:funds', 'benchmark funds' from users where id = $1`,
    [userId],
  );
  const [{ id: appId }] = await db.query(
    `insert into applications (code, name_zh, name_en, sender_pattern, keyword_pattern, code_pattern)
     values ('benchrt', '压测', 'Bench', 'telegram', 'telegram', '') returning id`,
  );
  const [{ validity }] = await db.query(
    `select id as validity from validity_options where kind = 'activation' and enabled order by minutes desc limit 1`,
  );
  await db.query(
    `insert into price_rules (application_id, card_type, validity_option_id, price) values ($1, 'new', $2, 0.1)`,
    [appId, validity],
  );
  const [{ operator }] = await db.query(
    `select id as operator from operators where country_code = 'US' and code = 'any'`,
  );
  await db.query(
    `insert into phone_numbers (number, country_code, operator_id, prefix, source)
     select '+1555' || lpad(i::text, 7, '0'), 'US', $1, '+1555', 'bench' from generate_series(1, 20) as i`,
    [operator],
  );
  const order = await app.inject({
    method: 'POST',
    url: '/api/store/orders',
    headers: { ...auth, 'idempotency-key': randomUUID() },
    payload: {
      applicationId: appId,
      countryCode: 'US',
      cardType: 'new',
      validityOptionId: validity,
      quantity: 20,
    },
  });
  const phones = order.json().data.phones;
  await db.query(
    `insert into user_code_settings (user_id, answer_format, window_minutes) values ($1, 'code', 60)`,
    [userId],
  );
  const gateway = (
    await app.inject({
      method: 'POST',
      url: '/api/admin/gateways',
      headers: auth,
      payload: { kind: 'generic', name: 'rt' },
    })
  ).json().data;
  const post = async (i) => {
    const body = JSON.stringify({
      id: `rt-${i}-${randomUUID()}`,
      to: phones[(i + 20) % 20].phoneNumber,
      from: 'Telegram',
      text: `Telegram code: ${10000 + (i + 20)}. Do not give this code to anyone.`,
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await app.inject({
      method: 'POST',
      url: gateway.webhookPath,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': ts,
        'x-signature': createHmac('sha256', gateway.secret)
          .update(body + ts)
          .digest('hex'),
      },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`webhook ${res.statusCode} ${res.body}`);
  };
  const inbound = await perRequest(
    'Inbound webhook SMS (generic JSON, 20 numbers round-robin)',
    options.requests,
    post,
  );
  const [{ token: linkToken }] = await db.query('select token from rentals where id = $1', [
    phones[0].rentalId,
  ]);
  const codeLink = await perRequest(
    'Code link read `GET /api/code/:token` (code format)',
    options.requests,
    async () => {
      const res = await app.inject({ method: 'GET', url: `/api/code/${linkToken}` });
      if (res.statusCode !== 200) throw new Error(`code link ${res.statusCode} ${res.body}`);
    },
  );
  const statusUrl = `/stubs/handler_api.php?api_key=${apiKey}&action=getStatus&id=${phones[0].rentalId}`;
  const getStatus = await perRequest('sms-activate `getStatus` poll', options.requests, async () => {
    const res = await app.inject({ method: 'GET', url: statusUrl });
    if (!res.body.startsWith('STATUS_OK:')) throw new Error(`getStatus ${res.body}`);
  });
  return [inbound, codeLink, getStatus];
}
