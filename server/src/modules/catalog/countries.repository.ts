import {
  ANY_OPERATOR_CODE,
  type Country,
  type CountryCreate,
  type CountryListQuery,
  type CountryUpdate,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { iso, likePattern, updateColumns } from './sql';

type CountryRow = {
  code: string;
  dial_code: string;
  name_zh: string;
  name_en: string;
  flag: string;
  sms_activate_id: number | null;
  fivesim_slug: string | null;
  enabled: boolean;
  sort_order: number;
  operator_count: number;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = `c.code, c.dial_code, c.name_zh, c.name_en, c.flag, c.sms_activate_id, c.fivesim_slug, c.enabled,
  c.sort_order, c.created_at, c.updated_at,
  (select count(*)::int from operators o where o.country_code = c.code) as operator_count`;

const toCountry = (row: CountryRow): Country => ({
  code: row.code,
  dialCode: row.dial_code,
  nameZh: row.name_zh,
  nameEn: row.name_en,
  flag: row.flag,
  smsActivateId: row.sms_activate_id,
  fivesimSlug: row.fivesim_slug,
  enabled: row.enabled,
  sortOrder: row.sort_order,
  operatorCount: row.operator_count,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const SORTABLE: Record<string, string> = {
  code: 'c.code',
  dialCode: 'c.dial_code',
  nameZh: 'c.name_zh',
  nameEn: 'c.name_en',
  smsActivateId: 'c.sms_activate_id',
  enabled: 'c.enabled',
  sortOrder: 'c.sort_order',
  updatedAt: 'c.updated_at',
};

function countryFilter(query: Pick<CountryListQuery, 'keyword' | 'enabled'>): SqlFilter {
  const filter = new SqlFilter();
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = likePattern(keyword);
    const dial = keyword.replace(/^\+/, '');
    filter.add(
      `(c.code ilike ? or c.name_zh ilike ? or c.name_en ilike ? or c.fivesim_slug ilike ? or c.dial_code = ? or c.sms_activate_id::text = ?)`,
      like,
      like,
      like,
      like,
      `+${dial}`,
      keyword,
    );
  }
  if (query.enabled !== undefined) filter.add('c.enabled = ?', query.enabled);
  return filter;
}

export async function listCountries(
  q: Queryable,
  query: CountryListQuery,
): Promise<{ list: Country[]; total: number }> {
  const filter = countryFilter(query);
  const [rows, count] = await Promise.all([
    q.query<CountryRow>(
      `select ${COLUMNS} from countries c ${filter.where}
       ${orderBy(query, SORTABLE, 'c.sort_order asc, c.code asc', 'c.code')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from countries c ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: rows.map(toCountry), total: count[0]?.total ?? 0 };
}

/** Every country the filter matches, in list order (CSV export). */
export async function exportCountries(
  q: Queryable,
  query: Pick<CountryListQuery, 'keyword' | 'enabled'>,
): Promise<Country[]> {
  const filter = countryFilter(query);
  const rows = await q.query<CountryRow>(
    `select ${COLUMNS} from countries c ${filter.where} order by c.sort_order asc, c.code asc`,
    filter.values,
  );
  return rows.map(toCountry);
}

export async function findCountry(
  q: Queryable,
  code: string,
  options: { lock?: boolean } = {},
): Promise<Country | null> {
  const rows = await q.query<CountryRow>(
    `select ${COLUMNS} from countries c where c.code = $1 ${options.lock ? 'for update' : ''}`,
    [code],
  );
  return rows[0] ? toCountry(rows[0]) : null;
}

export async function insertCountry(q: Queryable, input: CountryCreate & { flag: string }): Promise<void> {
  await q.query(
    `insert into countries (code, dial_code, name_zh, name_en, flag, sms_activate_id, fivesim_slug, enabled, sort_order)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      input.code,
      input.dialCode,
      input.nameZh,
      input.nameEn,
      input.flag,
      input.smsActivateId,
      input.fivesimSlug,
      input.enabled,
      input.sortOrder,
    ],
  );
}

/** The "any carrier" operator every country has. */
export async function insertAnyOperator(q: Queryable, countryCode: string): Promise<void> {
  await q.query(
    `insert into operators (country_code, code, name, fivesim_slug, sort_order) values ($1, $2, 'Any', 'any', 0)
     on conflict (country_code, code) do nothing`,
    [countryCode, ANY_OPERATOR_CODE],
  );
}

const UPDATABLE: Record<keyof CountryUpdate, string> = {
  dialCode: 'dial_code',
  nameZh: 'name_zh',
  nameEn: 'name_en',
  flag: 'flag',
  smsActivateId: 'sms_activate_id',
  fivesimSlug: 'fivesim_slug',
  enabled: 'enabled',
  sortOrder: 'sort_order',
};

export const updateCountry = (q: Queryable, code: string, changes: CountryUpdate) =>
  updateColumns(q, 'countries', UPDATABLE, { column: 'code', value: code }, changes);

export async function setCountriesEnabled(
  q: Queryable,
  codes: readonly string[],
  enabled: boolean,
): Promise<string[]> {
  const rows = await q.query<{ code: string }>(
    `update countries set enabled = $2, updated_at = now() where code = any($1::text[]) and enabled <> $2 returning code`,
    [codes, enabled],
  );
  return rows.map((r) => r.code).sort();
}

/** Removes the country with its operators and price rules (a reference from elsewhere makes it fail). */
export async function deleteCountry(q: Queryable, code: string): Promise<void> {
  await q.query('delete from price_rules where country_code = $1', [code]);
  await q.query('delete from operators where country_code = $1', [code]);
  await q.query('delete from countries where code = $1', [code]);
}

export async function countryIdTaken(
  q: Queryable,
  field: 'sms_activate_id' | 'fivesim_slug',
  value: string | number,
  exceptCode: string | null,
): Promise<boolean> {
  const rows = await q.query(`select 1 from countries where ${field} = $1 and code <> coalesce($2, '')`, [
    value,
    exceptCode,
  ]);
  return rows.length > 0;
}

/** Enabled countries for the store, in display order. */
export async function listEnabledCountries(q: Queryable) {
  return q.query<{ code: string; dialCode: string; nameZh: string; nameEn: string; flag: string }>(
    `select code, dial_code as "dialCode", name_zh as "nameZh", name_en as "nameEn", flag
     from countries where enabled order by sort_order asc, code asc`,
  );
}

/** Every country as a select option (admin screens). */
export async function listCountryOptions(q: Queryable) {
  return q.query<{
    code: string;
    dialCode: string;
    nameZh: string;
    nameEn: string;
    flag: string;
    enabled: boolean;
  }>(
    `select code, dial_code as "dialCode", name_zh as "nameZh", name_en as "nameEn", flag, enabled
     from countries order by sort_order asc, code asc`,
  );
}
