import { ANY_OPERATOR_CODE, ROLE, USER_TYPE } from '@jiema/shared';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { newApiKey, newReadablePassword } from '../../lib/secrets';
import { newGatewaySecret } from '../inbound/gateways.service';
import { applyBalanceChange } from '../ledger/ledger.service';
import { addUserRole, insertUser, usernameExists } from '../users/users.repository';

export const DEMO_USERNAME = 'demo';
export const DEMO_BALANCE = '100.000000';
/** The ledger reference of the demo customer's starting balance: credited once, ever. */
export const DEMO_BALANCE_REFERENCE = 'demo:starting-balance';

/**
 * 30 numbers from ranges reserved for fiction, which no real phone can ever have: NANPA's
 * 555-0100…555-0199 (any area code) in the United States, and Ofcom's drama range for mobiles,
 * 07700 900000…900999, in the United Kingdom. Stored like imported numbers (E.164, prefix = dial
 * code + the first three national digits).
 */
export const DEMO_NUMBERS: ReadonlyArray<{ number: string; countryCode: string; prefix: string }> = [
  ...Array.from({ length: 15 }, (_, i) => {
    const area = ['202', '212', '305', '312', '415'][i % 5]!;
    return {
      number: `+1${area}55501${String(10 + i).padStart(2, '0')}`,
      countryCode: 'US',
      prefix: `+1${area}`,
    };
  }),
  ...Array.from({ length: 15 }, (_, i) => ({
    number: `+447700900${String(100 + i * 37).padStart(3, '0')}`,
    countryCode: 'GB',
    prefix: '+44770',
  })),
];

export type DemoSeedResult = {
  /** True on the start that seeded (the first with DEMO=on); false on every later one. */
  seeded: boolean;
  /** The demo customer was created now (false also when the username belongs to a real user). */
  customerCreated: boolean;
  username: string;
  /** Generated when DEMO_PASSWORD is unset; reported once, like the administrator's. */
  generatedPassword: string | null;
  /** The username is taken by someone who is not the demo customer: no demo customer was made. */
  usernameTaken: boolean;
};

/**
 * DEMO=on, once per database: the demo gateway, the demo numbers and the demo customer with a
 * balance credited through the ledger, in ONE transaction. The single-row `demo_seed` table is the
 * "once": the first process to insert its row seeds; a second process starting at the same moment
 * waits on that row and then finds it taken, and every later start does nothing, so an operator's
 * later changes (a deleted demo number, a spent balance) are never undone by a restart. Prices are
 * the catalog's: the demo customer sees and pays the price list everyone else does, for demo numbers.
 */
export async function seedDemo(db: Db, config: Config): Promise<DemoSeedResult> {
  const username = DEMO_USERNAME;
  const none = {
    seeded: false,
    customerCreated: false,
    username,
    generatedPassword: null,
    usernameTaken: false,
  };
  const [done] = await db.query<{ id: number }>('select id from demo_seed');
  if (done) return none;
  const generatedPassword = config.demoPassword ? null : newReadablePassword();
  // Hashed before the transaction: the hash is slow on purpose and must not hold the seed's locks.
  const passwordHash = await hashPassword(config.demoPassword ?? generatedPassword!, config.passwordHashCost);
  return db.transaction(async (tx) => {
    const [won] = await tx.query<{ id: number }>(
      'insert into demo_seed (id) values (1) on conflict (id) do nothing returning id',
    );
    if (!won) return none;
    await seedDemoGateway(tx);
    await seedDemoNumbers(tx);
    if (await usernameExists(tx, username)) {
      return { seeded: true, customerCreated: false, username, generatedPassword: null, usernameTaken: true };
    }
    const id = await insertUser(tx, {
      username,
      email: 'demo@demo.invalid',
      passwordHash,
      userType: USER_TYPE.CUSTOMER,
      apiKey: newApiKey(),
      nickName: 'Demo',
    });
    await addUserRole(tx, id, ROLE.CUSTOMER);
    await tx.query('update users set demo = true where id = $1', [id]);
    await applyBalanceChange(tx, {
      userId: id,
      type: 'reward',
      amount: DEMO_BALANCE,
      reference: DEMO_BALANCE_REFERENCE,
      note: 'DEMO=on: demo balance',
    });
    return { seeded: true, customerCreated: true, username, generatedPassword, usernameTaken: false };
  });
}

async function seedDemoGateway(tx: Queryable) {
  await tx.query(
    `insert into gateways (kind, name, secret, demo, config)
     select 'demo', 'Demo gateway', $1, true, '{}'::jsonb
     where not exists (select 1 from gateways where kind = 'demo' and demo)`,
    [newGatewaySecret()],
  );
}

/** Each on the "any" operator of its country; a number someone already has is left as it is. */
async function seedDemoNumbers(tx: Queryable) {
  await tx.query(
    `insert into phone_numbers (number, country_code, operator_id, prefix, source, demo)
     select x.number, x."countryCode", o.id, x.prefix, 'demo', true
     from json_to_recordset($1::json) as x(number text, "countryCode" text, prefix text)
     join operators o on o.country_code = x."countryCode" and o.code = $2
     on conflict (number) do nothing`,
    [JSON.stringify(DEMO_NUMBERS), ANY_OPERATOR_CODE],
  );
}
