import type { Db } from '../../db/client';

type StateRow = {
  country: boolean;
  application: boolean;
  price: boolean;
  stock: boolean;
  gateway: boolean;
  deposit_pool: boolean;
  first_sale: boolean;
  numbers_in_disabled_countries: number;
};

/**
 * What is in place for a first sale, in one statement of `exists` probes (each stops at its first
 * row, so the cost does not grow with the catalog or the stock).
 */
export async function setupState(db: Db): Promise<StateRow> {
  const [row] = await db.query<StateRow>(
    `select
       exists (select 1 from countries where enabled) as country,
       exists (select 1 from applications where enabled) as application,
       exists (
         select 1 from price_rules r join validity_options v on v.id = r.validity_option_id
         where r.enabled and v.enabled and r.price > 0
       ) as price,
       exists (
         select 1 from phone_numbers p join countries c on c.code = p.country_code
         where p.state = 'available' and c.enabled
       ) as stock,
       exists (select 1 from gateways where enabled and not demo and last_seen_at is not null) as gateway,
       exists (select 1 from tron_addresses where enabled) as deposit_pool,
       exists (select 1 from store_orders) as first_sale,
       (select count(*)::int from phone_numbers p join countries c on c.code = p.country_code
         where p.state = 'available' and not c.enabled) as numbers_in_disabled_countries`,
  );
  return row!;
}
