import { createHash, randomBytes } from 'node:crypto';
import { addUsNumbers } from './bench-world.mjs';
import { logIn } from './jiema-server.mjs';

/** Calls a Jiema API as `token`; the envelope's data, or an error naming the call. */
export const apiCaller = (origin) => async (token, method, path, body) => {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).then((r) => r.json());
  if (res.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(res)}`);
  return res.data;
};

/**
 * `count` customers named `<prefix><n>`, each with `balance` and its recharge ledger entry, an API key
 * and a session: `{ id, apiKey, token }` each, written straight into the database.
 */
export async function addFundedCustomers(client, { prefix, count, balance }) {
  const [{ hash }] = (await client.query('select password_hash as hash from users order by id limit 1')).rows;
  const { rows: users } = await client.query(
    `insert into users (username, email, password_hash, user_type, api_key, balance)
     select $3 || i, $3 || i || '@bench.local', $1, 2, md5(random()::text || i), $4
     from generate_series(1, $2) as i returning id, api_key`,
    [hash, count, prefix, balance],
  );
  const ids = users.map((u) => u.id);
  await client.query(`insert into user_roles (user_id, role) select unnest($1::int[]), 'CUSTOMER'`, [ids]);
  await client.query(
    `insert into ledger_entries (user_id, type, amount, balance_after, reference, note)
     select id, 'recharge', $2, $2, 'bench:' || id, 'benchmark funds' from unnest($1::int[]) as id`,
    [ids, balance],
  );
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at, ip, user_agent)
     select u, h, now() + interval '1 day', '127.0.0.1', 'bench' from unnest($1::int[], $2::text[]) as t(u, h)`,
    [ids, tokens.map((t) => createHash('sha256').update(t).digest('hex'))],
  );
  return users.map((u, i) => ({ id: u.id, apiKey: u.api_key, token: tokens[i] }));
}

/**
 * A platform ready for a day of business, written straight into its database (not what is measured):
 * `customers` customers with balances (each with its ledger entry), API keys and sessions; the
 * application "busy" (pattern `code: NNNNNN`) priced for US numbers; `stock` US numbers; 1,000
 * numbers nobody holds (for SMS to nobody); a generic webhook gateway and the administrator's token.
 */
export async function prepareWorld(client, origin, admin, { customers, stock }) {
  const buyers = await addFundedCustomers(client, { prefix: 'busy', count: customers, balance: 100000 });
  const [{ id: appId }] = (
    await client.query(
      `insert into applications (code, name_zh, name_en, sender_pattern, code_pattern)
       values ('busy', '忙碌', 'Busy', '', 'code[: ]+(\\d{4,8})') returning id`,
    )
  ).rows;
  const [{ validity }] = (
    await client.query(
      `select id as validity from validity_options where kind = 'activation' and enabled order by minutes desc limit 1`,
    )
  ).rows;
  await client.query(
    `insert into price_rules (application_id, card_type, validity_option_id, price) values ($1, 'new', $2, 0.1)`,
    [appId, validity],
  );
  await addUsNumbers(client, stock);
  // Numbers nobody will hold: the SMS "for nobody" go to them.
  const { rows: strays } = await client.query(
    `select '+1666' || lpad(i::text, 7, '0') as number from generate_series(1, 1000) as i`,
  );
  const adminToken = await logIn(origin, admin);
  const api = apiCaller(origin);
  const gateway = await api(adminToken, 'POST', '/api/admin/gateways', { kind: 'generic', name: 'busy day' });
  return {
    appId,
    validity,
    customers: buyers,
    strays: strays.map((r) => r.number),
    gateway,
    adminToken,
    api,
  };
}
