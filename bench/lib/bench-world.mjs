// The pieces of a benchmark's world that several benchmarks build alike: funds with their ledger entry,
// an application with a price, US numbers in stock, and purchases through the real store API.
import { randomUUID } from 'node:crypto';

/** Adds `amount` to the user's balance, with the ledger entry the reconciliation expects. */
export async function fundUser(client, userId, amount) {
  await client.query('update users set balance = balance + $2 where id = $1', [userId, amount]);
  await client.query(
    `insert into ledger_entries (user_id, type, amount, balance_after, reference, note)
     select id, 'recharge', $2, balance, 'bench:funds', 'benchmark funds' from users where id = $1`,
    [userId, amount],
  );
}

/**
 * An application priced at 0.1 for new numbers of one validity: the shortest rental validity, or the
 * longest activation one. `patterns` (sender, keyword, code) default to none.
 */
export async function pricedApplication(
  client,
  { code, nameZh = '压测', nameEn = 'Bench', kind = 'rental', patterns = {} },
) {
  const [{ id: appId }] = (
    await client.query(
      `insert into applications (code, name_zh, name_en, sender_pattern, keyword_pattern, code_pattern)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [code, nameZh, nameEn, patterns.sender ?? '', patterns.keyword ?? '', patterns.code ?? ''],
    )
  ).rows;
  const [{ validity }] = (
    await client.query(
      `select id as validity from validity_options where kind = $1 and enabled
       order by case when $1 = 'rental' then minutes else -minutes end limit 1`,
      [kind],
    )
  ).rows;
  await client.query(
    `insert into price_rules (application_id, card_type, validity_option_id, price) values ($1, 'new', $2, 0.1)`,
    [appId, validity],
  );
  return { appId, validity };
}

/** `count` US numbers in stock: +15550000001, +15550000002, … */
export async function addUsNumbers(client, count) {
  const [{ operator }] = (
    await client.query(`select id as operator from operators where country_code = 'US' and code = 'any'`)
  ).rows;
  await client.query(
    `insert into phone_numbers (number, country_code, operator_id, prefix, source)
     select '+1555' || lpad(i::text, 7, '0'), 'US', $2, '+1555', 'bench' from generate_series(1, $1) as i`,
    [count, operator],
  );
}

/** Buys `count` US numbers through `POST /api/store/orders`, 100 per order (the store's default cap). */
export async function buyUsNumbers(origin, token, { appId, validity, count }) {
  const phones = [];
  for (let left = count; left > 0; left -= 100) {
    const response = await fetch(`${origin}/api/store/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        applicationId: appId,
        countryCode: 'US',
        cardType: 'new',
        validityOptionId: validity,
        quantity: Math.min(100, left),
      }),
    });
    const body = await response.json();
    if (response.status !== 200 || body.code !== 200)
      throw new Error(`purchase failed: ${response.status} ${JSON.stringify(body)}`);
    phones.push(...body.data.phones);
  }
  return phones;
}
