import type { PageQuery, PhoneNumber, PhoneNumberFilter, PhoneState, StockOptions } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

type PhoneRow = {
  id: number;
  number: string;
  country_code: string;
  country_name_zh: string;
  country_name_en: string;
  country_flag: string;
  operator_id: number;
  operator_code: string;
  operator_name: string;
  prefix: string;
  source: string;
  state: PhoneState;
  cooldown_until: Date | null;
  add_record_id: number | null;
  demo: boolean;
  used_apps: number;
  last_used_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const toPhoneNumber = (r: PhoneRow): PhoneNumber => ({
  id: r.id,
  number: r.number,
  countryCode: r.country_code,
  countryNameZh: r.country_name_zh,
  countryNameEn: r.country_name_en,
  countryFlag: r.country_flag,
  operatorId: r.operator_id,
  operatorCode: r.operator_code,
  operatorName: r.operator_name,
  prefix: r.prefix,
  source: r.source,
  state: r.state,
  cooldownUntil: r.cooldown_until?.toISOString() ?? null,
  addRecordId: r.add_record_id,
  demo: r.demo,
  usedApps: r.used_apps,
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** Sort fields of the list (shared PHONE_NUMBER_SORT_FIELDS) and their SQL. */
const SORTABLE: Record<string, string> = {
  number: 'p.number',
  countryCode: 'p.country_code',
  operatorName: 'o.name',
  prefix: 'p.prefix',
  source: 'p.source',
  state: 'p.state',
  cooldownUntil: 'p.cooldown_until',
  usedApps: 'u.used_apps',
  lastUsedAt: 'u.last_used_at',
  // Ids follow the order numbers were added in, and the primary key makes the sort cheap.
  createdAt: 'p.id',
  updatedAt: 'p.updated_at',
};

const SELECT = `
  select p.id, p.number, p.country_code, c.name_zh as country_name_zh, c.name_en as country_name_en,
         c.flag as country_flag, p.operator_id, o.code as operator_code, o.name as operator_name,
         p.prefix, p.source, p.state, p.cooldown_until, p.add_record_id, p.demo,
         coalesce(u.used_apps, 0)::int as used_apps, u.last_used_at, p.created_at, p.updated_at
  from phone_numbers p
  join countries c on c.code = p.country_code
  join operators o on o.id = p.operator_id
  left join lateral (
    select count(*)::int as used_apps, max(x.last_used_at) as last_used_at
    from phone_number_app_usage x where x.phone_number_id = p.id
  ) u on true`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `where` of a number filter, over `phone_numbers p`. */
export function phoneFilter(filter: PhoneNumberFilter, sql = new SqlFilter()): SqlFilter {
  sql
    .addIf(filter.countryCode, 'p.country_code = ?', filter.countryCode)
    .addIf(filter.operatorId, 'p.operator_id = ?', filter.operatorId)
    .addIf(filter.prefix, 'p.number like ?', `${filter.prefix}%`)
    .addIf(filter.state, 'p.state = ?', filter.state)
    .addIf(filter.source, `p.source ilike ? escape '\\'`, `%${escapeLike(filter.source ?? '')}%`)
    .addIf(filter.addRecordId, 'p.add_record_id = ?', filter.addRecordId);
  if (filter.cardUse) {
    const negate = filter.cardUse === 'new' ? 'not ' : '';
    if (filter.applicationId) {
      sql.add(
        `${negate}exists (select 1 from phone_number_app_usage x where x.phone_number_id = p.id and x.application_id = ?)`,
        filter.applicationId,
      );
    } else {
      sql.add(`${negate}exists (select 1 from phone_number_app_usage x where x.phone_number_id = p.id)`);
    }
  }
  return sql;
}

export async function listPhoneNumbers(q: Queryable, query: PageQuery & PhoneNumberFilter) {
  const filter = phoneFilter(query);
  const rows = await q.query<PhoneRow>(
    `${SELECT} ${filter.where} ${orderBy(query, SORTABLE, 'p.id desc', 'p.id')} ${limitOffset(query)}`,
    filter.values,
  );
  const [count] = await q.query<{ total: number }>(
    `select count(*)::int as total from phone_numbers p ${filter.where}`,
    filter.values,
  );
  return { list: rows.map(toPhoneNumber), total: count?.total ?? 0 };
}

/** The next `limit` numbers matching the filter after id `afterId`, in id order (exports page through with it). */
export async function phoneNumbersAfter(
  q: Queryable,
  filter: PhoneNumberFilter,
  afterId: number,
  limit: number,
) {
  const sql = phoneFilter(filter);
  sql.add('p.id > ?', afterId);
  const rows = await q.query<PhoneRow>(
    `${SELECT} ${sql.where} order by p.id limit ${Math.trunc(limit)}`,
    sql.values,
  );
  return rows.map(toPhoneNumber);
}

export async function findPhoneNumber(q: Queryable, id: number): Promise<PhoneNumber | null> {
  const [row] = await q.query<PhoneRow>(`${SELECT} where p.id = $1`, [id]);
  return row ? toPhoneNumber(row) : null;
}

export async function updatePhoneNumber(
  q: Queryable,
  id: number,
  change: { operatorId?: number; source?: string },
): Promise<void> {
  await q.query(
    `update phone_numbers set operator_id = coalesce($2, operator_id), source = coalesce($3, source),
       updated_at = now() where id = $1`,
    [id, change.operatorId ?? null, change.source ?? null],
  );
}

/** Which numbers a bulk action targets: selected ids, or every number matching a filter. */
export type PhoneTarget = { ids: number[] } | { filter: PhoneNumberFilter };

function targetFilter(target: PhoneTarget): SqlFilter {
  return 'ids' in target
    ? new SqlFilter().add('p.id = any(?::int[])', target.ids)
    : phoneFilter(target.filter);
}

export async function countTarget(q: Queryable, target: PhoneTarget): Promise<number> {
  const sql = targetFilter(target);
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from phone_numbers p ${sql.where}`,
    sql.values,
  );
  return row?.n ?? 0;
}

/**
 * Moves the targeted numbers in one of `from` states to `to` (cooldown cleared) in one statement;
 * returns how many changed.
 */
export async function setTargetState(
  q: Queryable,
  target: PhoneTarget,
  from: readonly PhoneState[],
  to: PhoneState,
): Promise<number> {
  const sql = targetFilter(target).add('p.state = any(?::text[])', [...from]);
  const toParam = `$${sql.values.length + 1}`;
  const [row] = await q.query<{ n: number }>(
    `with changed as (
       update phone_numbers p set state = ${toParam}, cooldown_until = null, updated_at = now()
       ${sql.where} returning 1
     ) select count(*)::int as n from changed`,
    [...sql.values, to],
  );
  return row?.n ?? 0;
}

/** Deletes the given numbers unless they are in use; returns the deleted ones (for the audit log). */
export async function deletePhoneNumbers(q: Queryable, ids: number[]) {
  return q.query<{ id: number; number: string; state: PhoneState }>(
    `delete from phone_numbers where id = any($1::int[]) and state <> 'in_use' returning id, number, state`,
    [ids],
  );
}

export async function findOperator(q: Queryable, id: number) {
  const [row] = await q.query<{ id: number; country_code: string; code: string; name: string }>(
    'select id, country_code, code, name from operators where id = $1',
    [id],
  );
  return row ?? null;
}

/** Countries, operators and applications of the catalog, and the sources used so far. */
export async function stockOptions(q: Queryable): Promise<StockOptions> {
  const countries = await q.query<{
    code: string;
    dial_code: string;
    name_zh: string;
    name_en: string;
    flag: string;
    enabled: boolean;
  }>(
    'select code, dial_code, name_zh, name_en, flag, enabled from countries order by enabled desc, sort_order, code',
  );
  const operators = await q.query<{
    id: number;
    country_code: string;
    code: string;
    name: string;
    enabled: boolean;
  }>(
    `select id, country_code, code, name, enabled from operators
     order by country_code, (code = 'any') desc, sort_order, name`,
  );
  const applications = await q.query<{ id: number; code: string; name_zh: string; name_en: string }>(
    'select id, code, name_zh, name_en from applications order by sort_order, code',
  );
  const sources = await q.query<{ source: string }>(
    'select distinct source from phone_add_records order by source limit 500',
  );
  return {
    countries: countries.map((c) => ({
      code: c.code,
      dialCode: c.dial_code,
      nameZh: c.name_zh,
      nameEn: c.name_en,
      flag: c.flag,
      enabled: c.enabled,
    })),
    operators: operators.map((o) => ({
      id: o.id,
      countryCode: o.country_code,
      code: o.code,
      name: o.name,
      enabled: o.enabled,
    })),
    applications: applications.map((a) => ({
      id: a.id,
      code: a.code,
      nameZh: a.name_zh,
      nameEn: a.name_en,
    })),
    sources: sources.map((s) => s.source),
  };
}
