/**
 * A year of business in one go, with generate_series (minutes, not hours): at scale 1, 50,000 users
 * (each with a recharge), 200,000 orders (one rental and one ledger entry each, 5% refunded),
 * 1,000,000 inbound SMS (a fifth of them coded for a rental, the rest reaching numbers nobody held;
 * a code webhook delivery for each SMS a rental's code came in), 500,000 login records (10% failed),
 * 50,000 numbers in stock and 1,000,000 mass SMS messages delivered in 100 campaigns, spread over the
 * last 365 days. Runs on a migrated and seeded Jiema database (the server's own start does both).
 */
export const FULL_SCALE = {
  users: 50_000,
  orders: 200_000,
  sms: 1_000_000,
  logins: 500_000,
  stock: 50_000,
  massSms: 1_000_000,
};

/** Mass SMS messages per seeded campaign. */
const CAMPAIGN_SIZE = 10_000;

export function datasetSize(scale) {
  return Object.fromEntries(
    Object.entries(FULL_SCALE).map(([k, v]) => [k, Math.max(10, Math.round(v * scale))]),
  );
}

/** The statements, in order, with a label each; `$1` is the count of the step. */
export function datasetSteps(size) {
  const year = `now() - interval '365 days'`;
  return [
    [
      'users',
      size.users,
      `insert into users (username, email, password_hash, api_key, nick_name, register_ip, created_at, balance)
       select 'bench_u' || g, 'bench_u' || g || '@bench.test', 'x', 'bench_key_' || g || '_' || md5(g::text), '',
         case when g % 20 = 0 then null
              else ((g * 7919) % 200 + 1) || '.' || ((g * 31) % 256) || '.' || ((g * 17) % 256) || '.' || (g % 250 + 1) end,
         ${year} + (g::float / $1) * interval '365 days', 1000
       from generate_series(1, $1::int) g`,
    ],
    [
      'recharges',
      size.users,
      `insert into ledger_entries (user_id, type, amount, balance_after, reference, created_at)
       select id, 'recharge', 1000, 1000, 'bench:recharge:' || id, created_at from users where username like 'bench_u%'`,
    ],
    [
      'orders',
      size.orders,
      `with catalog as (
         select (select array_agg(id order by id) from applications) as apps,
                (select array_agg(o.id order by o.id) from operators o join countries c on c.code = o.country_code where c.enabled) as ops,
                (select array_agg(o.country_code order by o.id) from operators o join countries c on c.code = o.country_code where c.enabled) as op_countries,
                (select id from validity_options where kind = 'activation' order by minutes limit 1) as validity,
                (select min(id) from users where username like 'bench_u%') as first_user,
                (select count(*) from users where username like 'bench_u%') as users
       )
       insert into store_orders (user_id, application_id, country_code, operator_id, prefix, card_type, validity_option_id,
         validity_kind, validity_minutes, quantity, unit_price, amount, status, token, created_at, completed_at)
       select c.first_user + (g * 7) % c.users,
         c.apps[1 + (g * 13) % least(array_length(c.apps, 1), 30)],
         c.op_countries[1 + (g * 11) % least(array_length(c.ops, 1), 40)],
         c.ops[1 + (g * 11) % least(array_length(c.ops, 1), 40)],
         '', 'new', c.validity, 'activation', 20, 1, 0.5 + (g % 5) * 0.25, 0.5 + (g % 5) * 0.25,
         'completed', 'bench_o_' || g || '_' || md5(g::text), ${year} + (g::float / $1) * interval '365 days',
         ${year} + (g::float / $1) * interval '365 days'
       from catalog c, generate_series(1, $1::int) g`,
    ],
    [
      'rentals',
      size.orders,
      `insert into rentals (order_id, user_id, phone_number, application_id, country_code, operator_id, card_type, kind,
         validity_minutes, price, status, token, starts_at, expires_at, ended_at, created_at)
       select o.id, o.user_id, '+1555' || lpad((o.id % 10000000)::text, 7, '0'), o.application_id, o.country_code,
         o.operator_id, 'new', 'activation', 20, o.amount, 'finished', 'bench_r_' || o.token, o.created_at,
         o.created_at + interval '20 minutes', o.created_at + interval '20 minutes', o.created_at
       from store_orders o where o.token like 'bench_o_%'`,
    ],
    [
      'ledger (purchases)',
      size.orders,
      `insert into ledger_entries (user_id, type, amount, balance_after, reference, created_at)
       select user_id, 'consume', -amount, 900, 'bench:order:' || id, created_at from store_orders where token like 'bench_o_%'`,
    ],
    [
      'ledger (refunds)',
      Math.round(size.orders / 20),
      `insert into ledger_entries (user_id, type, amount, balance_after, reference, created_at)
       select user_id, 'refund', amount, 900, 'bench:refund:' || id, created_at + interval '25 minutes'
       from store_orders where token like 'bench_o_%' and id % 20 = 0`,
    ],
    [
      'gateways',
      3,
      `insert into gateways (kind, name, secret, last_seen_at) select 'generic', 'bench gateway ' || g, md5(g::text), now() from generate_series(1, $1::int) g`,
    ],
    [
      'sms',
      size.sms,
      `with r as (select min(id) as first, count(*) as n from rentals where token like 'bench_r_%'),
            g as (select min(id) as first from gateways where name like 'bench gateway %')
       insert into sms_messages (rental_id, phone_number, application_id, sender, text, code, source, received_at, created_at, gateway_id)
       select case when s % 5 = 0 and (s / 5) % 4 <> 0 then r.first + (s / 5) % r.n end,
         '+1555' || lpad((s % 10000000)::text, 7, '0'), null, 'Sender', 'Your code is ' || lpad((s % 1000000)::text, 6, '0'),
         case when s % 3 <> 0 then lpad((s % 1000000)::text, 6, '0') end, 'bench',
         ${year} + (s::float / $1) * interval '365 days', ${year} + (s::float / $1) * interval '365 days', g.first + s % 3
       from r, g, generate_series(1, $1::int) s`,
    ],
    [
      'code webhook deliveries',
      Math.round(size.sms / 10),
      `insert into code_webhook_deliveries (user_id, sms_id, url, status, attempts, next_attempt_at, last_http_status,
         delivered_at, created_at, updated_at)
       select r.user_id, m.id, 'https://hooks.bench.test/code', 'delivered', 1, m.created_at, 200, m.created_at,
         m.created_at, m.created_at
       from sms_messages m join rentals r on r.id = m.rental_id
       where m.source = 'bench' and m.code is not null
       limit $1`,
    ],
    [
      'mass SMS campaigns',
      Math.max(1, Math.round(size.massSms / CAMPAIGN_SIZE)),
      `insert into sms_campaigns (user_id, request_key, name, status, sender_id, content, plan, price, total, segments,
         free_segments, amount, usage_day, created_at, started_at, finished_at, updated_at)
       select (select min(id) from users where username like 'bench_u%'), 'bench_c_' || c, 'bench ' || c, 'completed',
         'Bench', 'Your parcel is on its way', 'basic', 0.05, ${CAMPAIGN_SIZE}, ${CAMPAIGN_SIZE}, 0, ${CAMPAIGN_SIZE} * 0.05,
         (${year} + (c::float / $1) * interval '365 days')::date,
         ${year} + (c::float / $1) * interval '365 days', ${year} + (c::float / $1) * interval '365 days',
         ${year} + (c::float / $1) * interval '365 days' + interval '20 minutes', now()
       from generate_series(1, $1::int) c`,
    ],
    [
      'mass SMS messages',
      size.massSms,
      `with c as (select array_agg(id order by id) as ids, array_agg(created_at order by id) as at, min(user_id) as user_id
                 from sms_campaigns where request_key like 'bench_c_%')
       insert into sms_outbound (campaign_id, user_id, phone, sender_id, text, encoding, segments, cost, status, attempts,
         next_attempt_at, expires_at, connector_id, last_connector_id, external_ids, created_at, submitted_at, done_at)
       select c.ids[1 + (m - 1) / ${CAMPAIGN_SIZE} % array_length(c.ids, 1)], c.user_id,
         '+7916' || lpad((m % 10000000)::text, 7, '0'), 'Bench', 'Your parcel is on its way', 'gsm7', 1, 0.05,
         'delivered', 1, c.at[1 + (m - 1) / ${CAMPAIGN_SIZE} % array_length(c.ids, 1)],
         c.at[1 + (m - 1) / ${CAMPAIGN_SIZE} % array_length(c.ids, 1)] + interval '1 day', null, null,
         array['bench' || m], c.at[1 + (m - 1) / ${CAMPAIGN_SIZE} % array_length(c.ids, 1)],
         c.at[1 + (m - 1) / ${CAMPAIGN_SIZE} % array_length(c.ids, 1)], c.at[1 + (m - 1) / ${CAMPAIGN_SIZE} % array_length(c.ids, 1)] + interval '1 minute'
       from c, generate_series(1, $1::int) m`,
    ],
    [
      'mass SMS id keys',
      size.massSms,
      // Connector 1: the first connector a platform sets up, so its receipts are looked up among these.
      `insert into sms_outbound_parts (connector_id, id_key, message_id, part_no)
       select 1, 'bench' || o.id, o.id, 1 from sms_outbound o where o.external_ids[1] like 'bench%' limit $1`,
    ],
    [
      'mass SMS receipts',
      size.massSms,
      `insert into sms_delivery_reports (connector_id, message_id, external_id, status, stat, raw, received_at)
       select 1, o.id, 'bench' || o.id, 'delivered', 'DELIVRD', '{}'::jsonb, o.done_at
       from sms_outbound o where o.external_ids[1] like 'bench%' limit $1`,
    ],
    [
      'login records',
      size.logins,
      `with u as (select min(id) as first, count(*) as n from users where username like 'bench_u%')
       insert into login_records (user_id, account, ip, user_agent, success, reason, created_at)
       select case when l % 10 <> 0 then u.first + (l * 13) % u.n end,
         'bench_u' || (1 + (l * 13) % u.n),
         -- bigint: at scale 1, l * 7919 is past the int range.
         ((l::bigint * 7919) % 200 + 1) || '.' || ((l::bigint * 31) % 256) || '.' || ((l::bigint * 17) % 256) || '.' || (l % 250 + 1),
         'bench', l % 10 <> 0, case when l % 10 <> 0 then 'ok' else 'bad_password' end,
         ${year} + (l::float / $1) * interval '365 days'
       from u, generate_series(1, $1::int) l`,
    ],
    [
      'stock',
      size.stock,
      `with ops as (select array_agg(o.id order by o.id) as ids, array_agg(o.country_code order by o.id) as countries
                   from operators o join countries c on c.code = o.country_code where c.enabled)
       insert into phone_numbers (number, country_code, operator_id, prefix, source, state)
       select '+1999' || lpad(n::text, 9, '0'), ops.countries[1 + n % least(array_length(ops.ids, 1), 40)],
         ops.ids[1 + n % least(array_length(ops.ids, 1), 40)], '+1999', 'bench', case when n % 4 = 0 then 'in_use' else 'available' end
       from ops, generate_series(1, $1::int) n`,
    ],
  ];
}

/** Seeds through a pg client; logs each step and its time. */
export async function seedReportDataset(client, scale, log = console.log) {
  const size = datasetSize(scale);
  for (const [label, count, sql] of datasetSteps(size)) {
    const started = Date.now();
    const uses = sql.includes('$1');
    await client.query(sql, uses ? [count] : []);
    log(
      `  ${label.padEnd(20)} ${String(count).padStart(9)} rows  ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const started = Date.now();
  await client.query('vacuum analyze');
  log(`  vacuum analyze                          ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return size;
}
