import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { applyBalanceChange } from '../../src/modules/ledger/ledger.service';
import { authed, createUser, login, type TestApp } from '../helpers';

/** A request as a user, in a chosen language (zh-CN by default). */
export function as(t: Pick<TestApp, 'app'>, token: string) {
  return (options: InjectOptions & { locale?: 'zh-CN' | 'en-US' }): Promise<LightMyRequestResponse> => {
    const { locale, headers, ...rest } = options;
    return t.app.inject({
      ...rest,
      headers: { ...authed(token), 'x-locale': locale ?? 'zh-CN', ...headers },
    });
  };
}

/** `data` of a successful answer. */
export function dataOf<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/** Credits a balance as a recharge would: through the ledger, so balance == sum of entries holds. */
export async function fund(db: Db, userId: number, amount: string) {
  await db.transaction((tx) =>
    applyBalanceChange(tx, {
      userId,
      type: 'recharge',
      amount,
      reference: `test:${randomBytes(8).toString('hex')}`,
    }),
  );
}

/** A customer with a balance, logged in. */
export async function buyer(t: TestApp, balance = '100') {
  const user = await createUser(t.db);
  if (balance !== '0') await fund(t.db, user.userId, balance);
  const token = await login(t, user.username, user.password);
  return { ...user, token, call: as(t, token) };
}

/** The store's world for one test file: an application of its own, priced exactly, and the seeded validities. */
export type StoreWorld = {
  appId: number;
  appCode: string;
  activationId: number;
  dayId: number;
  weekId: number;
};

/**
 * A fresh application priced for the tests: activation 0.123456 new / 0.061728 used, 1-day rental
 * 1.5 / 0.75, 7 days 7 / 3.5 (global rules of the seed are left as they are).
 */
export async function storeWorld(db: Db, code = `t${randomBytes(3).toString('hex')}`): Promise<StoreWorld> {
  const [app] = await db.query<{ id: number }>(
    `insert into applications (code, name_zh, name_en, code_pattern) values ($1, $2, $3, '\\d{4,8}') returning id`,
    [code, `测试应用${code}`, `Test app ${code}`],
  );
  const options = await db.query<{ id: number; kind: string; minutes: number }>(
    'select id, kind, minutes from validity_options where enabled',
  );
  const id = (kind: string, minutes: number) => {
    const found = options.find((o) => o.kind === kind && o.minutes === minutes);
    if (!found) throw new Error(`no ${kind} of ${minutes} minutes seeded`);
    return found.id;
  };
  const world = {
    appId: app!.id,
    appCode: code,
    activationId: id('activation', 20),
    dayId: id('rental', 1440),
    weekId: id('rental', 7 * 1440),
  };
  const prices: [number, string, string][] = [
    [world.activationId, '0.123456', '0.061728'],
    [world.dayId, '1.5', '0.75'],
    [world.weekId, '7', '3.5'],
  ];
  for (const [validity, fresh, used] of prices) {
    await db.query(
      `insert into price_rules (application_id, card_type, validity_option_id, price)
       values ($1, 'new', $2, $3), ($1, 'used', $2, $4)`,
      [world.appId, validity, fresh, used],
    );
  }
  return world;
}

let serial = 0;

/** Numbers straight into the stock (the batch-add flow is the stock module's to test). */
export async function addNumbers(
  db: Db,
  options: { country?: string; dial?: string; operatorCode?: string; count: number; prefix?: string },
): Promise<{ id: number; number: string }[]> {
  const country = options.country ?? 'US';
  const dial = options.dial ?? '+1';
  const [operator] = await db.query<{ id: number }>(
    'select id from operators where country_code = $1 and code = $2',
    [country, options.operatorCode ?? 'any'],
  );
  if (!operator) throw new Error(`no operator ${options.operatorCode ?? 'any'} in ${country}`);
  const head = options.prefix ?? `${dial}555`;
  const numbers = Array.from({ length: options.count }, () => {
    serial += 1;
    const tail = `${process.pid % 1000}${String(serial).padStart(6, '0')}`;
    return `${head}${tail}`.slice(0, 16);
  });
  return db.query<{ id: number; number: string }>(
    `insert into phone_numbers (number, country_code, operator_id, prefix, source)
     select n, $2, $3, left(n, $4), 'test' from unnest($1::text[]) as n
     returning id, number`,
    [numbers, country, operator.id, dial.length + 3],
  );
}

/** Makes a rental look older: bought `minutes` ago (the 2-minute cancel lock) or past its end. */
export async function backdate(
  db: Db,
  rentalIds: number[],
  change: { boughtMinutesAgo?: number; expired?: boolean },
) {
  if (change.boughtMinutesAgo !== undefined) {
    await db.query(
      `update rentals set starts_at = now() - make_interval(mins => $2), created_at = now() - make_interval(mins => $2)
       where id = any($1::int[])`,
      [rentalIds, change.boughtMinutesAgo],
    );
  }
  if (change.expired) {
    await db.query(`update rentals set expires_at = now() - interval '1 second' where id = any($1::int[])`, [
      rentalIds,
    ]);
  }
}

/** An SMS reaching a rental, as the inbound gateways will store it. */
export async function receiveSms(
  db: Db,
  rentalId: number,
  text = 'Your code is 482913',
  code: string | null = '482913',
) {
  await db.query(
    `insert into sms_messages (rental_id, phone_number_id, phone_number, application_id, sender, text, code)
     select id, phone_number_id, phone_number, application_id, 'TestSender', $2, $3 from rentals where id = $1`,
    [rentalId, text, code],
  );
}

export async function balanceOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.query<{ balance: string }>(
    'select balance::text as balance from users where id = $1',
    [userId],
  );
  return row!.balance;
}

/** Money rule of PRODUCT.md §4: for every user, balance == sum of ledger entries, and never negative. */
export async function expectLedgerConsistent(db: Db) {
  const rows = await db.query<{ id: number; balance: string; total: string }>(
    `select u.id, u.balance::text as balance, coalesce(sum(e.amount), 0)::numeric(20, 6)::text as total
     from users u left join ledger_entries e on e.user_id = u.id group by u.id`,
  );
  for (const row of rows) {
    expect(row.balance, `user ${row.id}`).toBe(row.total);
    expect(row.balance.startsWith('-'), `user ${row.id} negative`).toBe(false);
  }
}

/** The ledger entries of a reference (0 or 1: references are unique). */
export function entriesOf(db: Db, reference: string) {
  return db.query<{ user_id: number; type: string; amount: string }>(
    'select user_id, type, amount::text as amount from ledger_entries where reference = $1',
    [reference],
  );
}

/** No number held twice for one application: the invariant the partial unique index also enforces. */
export async function expectNoDoubleHolding(db: Db) {
  const rows = await db.query<{ phone_number_id: number; application_id: number; n: number }>(
    `select phone_number_id, application_id, count(*)::int as n from rentals
     where status in ('active', 'inactive', 'suspended') group by 1, 2 having count(*) > 1`,
  );
  expect(rows).toEqual([]);
}

export type PurchaseBody = {
  applicationId?: number | string;
  countryCode?: string;
  operatorId?: number | null;
  prefix?: string;
  cardType?: 'new' | 'used';
  validityOptionId?: number;
  quantity?: number | string;
  smsType?: 'text' | 'voice';
  idempotencyKey?: string;
};

export const purchaseBody = (world: StoreWorld, overrides: PurchaseBody = {}): PurchaseBody => ({
  applicationId: world.appId,
  countryCode: 'US',
  cardType: 'new',
  validityOptionId: world.activationId,
  quantity: 1,
  ...overrides,
});
