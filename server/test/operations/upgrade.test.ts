import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { MIGRATIONS } from '../../src/db/migrations';
import released from '../../src/db/migrations/released.json';
import { seed } from '../../src/db/seed';
import { hashPassword } from '../../src/lib/password';
import { createFinanceService } from '../../src/modules/finance/finance.service';
import { login } from '../helpers';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Upgrades. `released.json` records each release's migrations (id and a hash of its SQL) as shipped;
 * the list is forward-only: a released migration is never removed, renamed, reordered or edited, and
 * new ones come after the last released one, so an upgraded database and a new one end up the same.
 */
const releases = released.releases;
const previous = releases.at(-1)!;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the released migrations are forward-only', () => {
  test('every release keeps the one before it as its beginning', () => {
    for (let i = 1; i < releases.length; i++) {
      const before = releases[i - 1]!.migrations;
      expect(releases[i]!.migrations.slice(0, before.length), releases[i]!.release).toEqual(before);
    }
  });

  test('the code runs the last release’s migrations unchanged, in order, and adds new ones after them', () => {
    const current = MIGRATIONS.map((m) => ({ id: m.id, sha256: sha256(m.sql) }));
    expect(current.slice(0, previous.migrations.length)).toEqual(previous.migrations);
    const lastReleased = previous.migrations.at(-1)!.id;
    for (const m of MIGRATIONS.slice(previous.migrations.length)) {
      expect(m.id > lastReleased, `${m.id} sorts after ${lastReleased}`).toBe(true);
    }
    expect(new Set(MIGRATIONS.map((m) => m.id)).size).toBe(MIGRATIONS.length);
  });
});

/** What a customer of the previous release had: money, a purchase with its SMS, logins, a mass SMS. */
const PREVIOUS_RELEASE_DATA = /* sql */ `
insert into countries (code, dial_code, name_zh, name_en) values ('US', '+1', '美国', 'United States')
  on conflict (code) do nothing;
insert into operators (country_code, code, name) values ('US', 'any', 'Any')
  on conflict (country_code, code) do nothing;
insert into applications (code, name_zh, name_en, code_pattern) values ('upg', '升级', 'Upgrade', '\\d{4,8}');
insert into validity_options (kind, minutes, name_zh, name_en) values ('activation', 20, '激活', 'Activation')
  on conflict (kind, minutes) do nothing;
insert into users (username, email, password_hash, user_type, balance, api_key)
  values ('oldcustomer', 'old@jiema.test', :'password_hash', 2, 9.650000, 'upgrade-test-api-key');
insert into ledger_entries (user_id, type, amount, balance_after, reference, note, created_at)
  select id, 'recharge', 10, 10, 'upgrade:recharge', 'before the upgrade', now() - interval '3 days'
    from users where username = 'oldcustomer';
insert into ledger_entries (user_id, type, amount, balance_after, reference, created_at)
  select id, 'consume', -0.350000, 9.650000, 'upgrade:purchase', now() - interval '2 days'
    from users where username = 'oldcustomer';
insert into phone_numbers (number, country_code, operator_id, prefix, source, state)
  select '+15550109999', 'US', o.id, '+1555', 'test', 'in_use' from operators o where o.country_code = 'US' and o.code = 'any';
insert into store_orders (user_id, application_id, country_code, prefix, card_type, validity_option_id,
    validity_kind, validity_minutes, quantity, unit_price, amount, status, token)
  select u.id, a.id, 'US', '+1', 'new', v.id, 'activation', 20, 1, 0.35, 0.35, 'completed', 'upgrade-order-token'
    from users u, applications a, validity_options v
   where u.username = 'oldcustomer' and a.code = 'upg' and v.kind = 'activation' and v.minutes = 20;
insert into rentals (order_id, user_id, phone_number_id, phone_number, application_id, country_code, card_type,
    kind, validity_minutes, price, status, token, starts_at, expires_at, ended_at)
  select o.id, o.user_id, p.id, p.number, o.application_id, 'US', 'new', 'activation', 20, 0.35, 'finished',
         'upgrade-rental-token', now() - interval '2 days', now() - interval '2 days' + interval '20 minutes',
         now() - interval '2 days' + interval '5 minutes'
    from store_orders o, phone_numbers p where o.token = 'upgrade-order-token' and p.number = '+15550109999';
insert into sms_messages (rental_id, phone_number, application_id, sender, text, code, source, external_id, received_at)
  select r.id, r.phone_number, r.application_id, 'Upgrade', 'Your code is 482913', '482913', 'test', 'upgrade-1',
         now() - interval '2 days' + interval '1 minute'
    from rentals r where r.token = 'upgrade-rental-token';
insert into login_records (user_id, account, account_key, ip, user_agent, success, reason, created_at)
  select id, username, 'user:' || id, '203.0.113.7', 'old browser', true, 'ok', now() - interval '1 day'
    from users where username = 'oldcustomer';
insert into sms_campaigns (user_id, request_key, status, content, plan, price, total, segments, free_segments,
    amount, usage_day)
  select id, 'upgrade-campaign', 'completed', 'Hello', 'standard', 0.05, 1, 1, 1, 0, current_date
    from users where username = 'oldcustomer';
insert into sms_outbound (campaign_id, user_id, phone, text, encoding, segments, free_segments, status,
    expires_at, done_at)
  select c.id, c.user_id, '+15550100077', 'Hello', 'gsm7', 1, 1, 'delivered', now(), now() - interval '1 day'
    from sms_campaigns c where c.request_key = 'upgrade-campaign';
`;

/** Every table's rows, over the columns it had before the upgrade: equal fingerprints, equal data. */
async function fingerprints(db: Db, columnsOf?: Map<string, string[]>) {
  const columns =
    columnsOf ??
    (
      await db.query<{ table_name: string; columns: string[] }>(
        `select table_name, array_agg(column_name::text order by ordinal_position) as columns
           from information_schema.columns c
          where table_schema = 'public'
            and exists (select 1 from information_schema.tables t where t.table_schema = 'public'
                          and t.table_name = c.table_name and t.table_type = 'BASE TABLE')
          group by table_name`,
      )
    ).reduce((map, row) => map.set(row.table_name, row.columns), new Map<string, string[]>());
  const result: Record<string, string> = {};
  for (const [table, cols] of columns) {
    if (table === 'schema_migrations') continue;
    const row = cols.map((c) => `"${c}"`).join(', ');
    const [fingerprint] = await db.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as digest
         from (select ${row} from "${table}") x`,
    );
    result[table] = `${fingerprint!.n}:${fingerprint!.digest}`;
  }
  return { columns, result };
}

describe('a database of the previous release upgrades to this one', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    // An empty database (no template): built here by the previous release's migrations only.
    database = await createTestDatabase({ fromTemplate: false });
  }, 120_000);
  afterAll(() => database?.drop());

  test('its data is intact, the new migrations applied, and the server works on it', async () => {
    const { db } = database;
    const previousIds = new Set(previous.migrations.map((m) => m.id));
    // The previous release's migrate(): its migrations, each recorded.
    await db.transaction(async (tx) => {
      await tx.exec(
        'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
      );
      for (const m of MIGRATIONS.filter((m) => previousIds.has(m.id))) {
        await tx.exec(m.sql);
        await tx.query('insert into schema_migrations (id) values ($1)', [m.id]);
      }
    });
    const passwordHash = await hashPassword('Old#Pass1', 10);
    await db.exec(PREVIOUS_RELEASE_DATA.replace(":'password_hash'", `'${passwordHash}'`));
    const before = await fingerprints(db);
    expect(before.result.ledger_entries).toMatch(/^2:/);
    expect(before.result.sms_messages).toMatch(/^1:/);

    const applied = await migrate(db);
    expect(applied).toEqual(MIGRATIONS.filter((m) => !previousIds.has(m.id)).map((m) => m.id));
    expect(applied.length).toBeGreaterThan(0);
    const after = await fingerprints(db, before.columns);
    expect(after.result).toEqual(before.result);

    // What the server does at start, then its own checks: ledger reconciliation and a login.
    const config = testConfig({ CAPTCHA: 'off' }, database.url);
    await seed(db, config);
    const reconciliation = await createFinanceService({ db }).reconcile();
    expect(reconciliation.mismatchCount).toBe(0);
    const app = await buildApp({ config, db, logger: false });
    try {
      await app.ready();
      const token = await login({ app, db, config, close: async () => {} }, 'oldcustomer', 'Old#Pass1');
      const res = await app.inject({
        method: 'GET',
        url: '/api/sms-history',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('482913');
      // The campaign's delivered message is counted by the new schema as before.
      const [campaign] = await db.query<{ delivered: number }>(
        `select (select count(*)::int from sms_outbound o where o.campaign_id = c.id and o.status = 'delivered')
                + c.pruned_delivered as delivered
           from sms_campaigns c where request_key = 'upgrade-campaign'`,
      );
      expect(campaign?.delivered).toBe(1);
    } finally {
      await app.close();
    }
  });
});
