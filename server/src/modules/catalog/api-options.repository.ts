import type {
  CardType,
  PriceRule,
  PriceRuleCreate,
  PriceRuleFilter,
  PriceRuleListQuery,
  PriceRuleUpdate,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { iso, updateColumns } from './sql';

// ---------------------------------------------------------------- price rules

type PriceRuleRow = {
  id: number;
  application_id: number | null;
  application_code: string | null;
  application_name_zh: string | null;
  application_name_en: string | null;
  country_code: string | null;
  country_name_zh: string | null;
  country_name_en: string | null;
  country_flag: string | null;
  operator_id: number | null;
  operator_code: string | null;
  operator_name: string | null;
  card_type: CardType;
  validity_option_id: number;
  validity_kind: 'activation' | 'rental';
  validity_minutes: number;
  validity_name_zh: string;
  validity_name_en: string;
  price: string;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
};

const RULE_COLUMNS = `r.id, r.application_id, a.code as application_code, a.name_zh as application_name_zh,
  a.name_en as application_name_en, r.country_code, c.name_zh as country_name_zh, c.name_en as country_name_en,
  c.flag as country_flag, r.operator_id, o.code as operator_code, o.name as operator_name, r.card_type,
  r.validity_option_id, v.kind as validity_kind, v.minutes as validity_minutes, v.name_zh as validity_name_zh,
  v.name_en as validity_name_en, r.price::text as price, r.enabled, r.created_at, r.updated_at`;
const RULE_FROM = `price_rules r
  join validity_options v on v.id = r.validity_option_id
  left join applications a on a.id = r.application_id
  left join countries c on c.code = r.country_code
  left join operators o on o.id = r.operator_id`;

const toPriceRule = (row: PriceRuleRow): PriceRule => ({
  id: row.id,
  applicationId: row.application_id,
  applicationCode: row.application_code,
  applicationNameZh: row.application_name_zh,
  applicationNameEn: row.application_name_en,
  countryCode: row.country_code,
  countryNameZh: row.country_name_zh,
  countryNameEn: row.country_name_en,
  countryFlag: row.country_flag,
  operatorId: row.operator_id,
  operatorCode: row.operator_code,
  operatorName: row.operator_name,
  cardType: row.card_type,
  validityOptionId: row.validity_option_id,
  validityKind: row.validity_kind,
  validityMinutes: row.validity_minutes,
  validityNameZh: row.validity_name_zh,
  validityNameEn: row.validity_name_en,
  price: row.price,
  enabled: row.enabled,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const RULE_SORTABLE: Record<string, string> = {
  price: 'r.price',
  cardType: 'r.card_type',
  updatedAt: 'r.updated_at',
  createdAt: 'r.created_at',
  id: 'r.id',
};
/** Defaults first: the global rule, then per application, per country, per operator. */
const RULE_ORDER = `v.sort_order asc, r.validity_option_id asc, r.application_id asc nulls first,
  r.country_code asc nulls first, r.operator_id asc nulls first, r.card_type asc`;

/** `any` selects the rules that apply to any (null); a value selects the rules for exactly it. */
function priceRuleFilter(query: PriceRuleFilter): SqlFilter {
  const filter = new SqlFilter();
  const scope = (value: string | number | undefined, column: string) => {
    if (value === undefined) return;
    if (value === 'any') filter.add(`${column} is null`);
    else filter.add(`${column} = ?`, value);
  };
  scope(query.applicationId, 'r.application_id');
  scope(query.countryCode, 'r.country_code');
  scope(query.operatorId, 'r.operator_id');
  filter.addIf(query.cardType, 'r.card_type = ?', query.cardType);
  filter.addIf(query.validityOptionId, 'r.validity_option_id = ?', query.validityOptionId);
  if (query.enabled !== undefined) filter.add('r.enabled = ?', query.enabled);
  return filter;
}

export async function listPriceRules(q: Queryable, query: PriceRuleListQuery) {
  const filter = priceRuleFilter(query);
  const [rows, count] = await Promise.all([
    q.query<PriceRuleRow>(
      `select ${RULE_COLUMNS} from ${RULE_FROM} ${filter.where} ${orderBy(query, RULE_SORTABLE, RULE_ORDER, 'r.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from price_rules r ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: rows.map(toPriceRule), total: count[0]?.total ?? 0 };
}

export async function exportPriceRules(q: Queryable, query: PriceRuleFilter) {
  const filter = priceRuleFilter(query);
  const rows = await q.query<PriceRuleRow>(
    `select ${RULE_COLUMNS} from ${RULE_FROM} ${filter.where} order by ${RULE_ORDER}, r.id`,
    filter.values,
  );
  return rows.map(toPriceRule);
}

export async function findPriceRule(
  q: Queryable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PriceRule | null> {
  const rows = await q.query<PriceRuleRow>(
    `select ${RULE_COLUMNS} from ${RULE_FROM} where r.id = $1 ${options.lock ? 'for update of r' : ''}`,
    [id],
  );
  return rows[0] ? toPriceRule(rows[0]) : null;
}

type RuleScope = Pick<
  PriceRuleCreate,
  'applicationId' | 'countryCode' | 'operatorId' | 'cardType' | 'validityOptionId'
>;

export async function priceRuleScopeTaken(
  q: Queryable,
  scope: RuleScope,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await q.query(
    `select 1 from price_rules
     where application_id is not distinct from $1::int and country_code is not distinct from $2::char(2)
       and operator_id is not distinct from $3::int and card_type = $4 and validity_option_id = $5 and id <> coalesce($6, 0)`,
    [
      scope.applicationId,
      scope.countryCode,
      scope.operatorId,
      scope.cardType,
      scope.validityOptionId,
      exceptId,
    ],
  );
  return rows.length > 0;
}

export async function insertPriceRule(q: Queryable, input: PriceRuleCreate): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into price_rules (application_id, country_code, operator_id, card_type, validity_option_id, price, enabled)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      input.applicationId,
      input.countryCode,
      input.operatorId,
      input.cardType,
      input.validityOptionId,
      input.price,
      input.enabled,
    ],
  );
  return rows[0]!.id;
}

const RULE_UPDATABLE: Record<keyof PriceRuleUpdate, string> = {
  applicationId: 'application_id',
  countryCode: 'country_code',
  operatorId: 'operator_id',
  cardType: 'card_type',
  validityOptionId: 'validity_option_id',
  price: 'price',
  enabled: 'enabled',
};

export const updatePriceRule = (q: Queryable, id: number, changes: PriceRuleUpdate) =>
  updateColumns(q, 'price_rules', RULE_UPDATABLE, { column: 'id', value: id }, changes);

export async function deletePriceRule(q: Queryable, id: number): Promise<void> {
  await q.query('delete from price_rules where id = $1', [id]);
}

/** The rules a bulk edit is about, locked, with their prices before. */
export async function lockPriceRules(q: Queryable, query: PriceRuleFilter) {
  const filter = priceRuleFilter(query);
  return q.query<{ id: number; price: string }>(
    `select r.id, r.price::text as price from price_rules r ${filter.where} order by r.id for update`,
    filter.values,
  );
}

/**
 * New prices computed by PostgreSQL in exact decimal arithmetic: a percentage change rounded to 6
 * places (half away from zero), or a fixed price.
 */
export async function applyPriceChange(
  q: Queryable,
  ids: readonly number[],
  mode: 'percent' | 'set',
  value: string,
) {
  const expression =
    mode === 'percent' ? 'round(price * (100 + $2::numeric) / 100, 6)' : 'round($2::numeric, 6)';
  return q.query<{ id: number; price: string }>(
    `update price_rules set price = ${expression}, updated_at = now() where id = any($1::int[])
     returning id, price::text as price`,
    [ids, value],
  );
}

export type PriceLookup = {
  applicationId: number;
  countryCode: string;
  operatorId?: number | null;
  cardType: CardType;
  validityOptionId: number;
};

/**
 * The most specific enabled rule for a purchase: one for the operator beats one for the country,
 * which beats one for the application, which beats the global default (null = any).
 */
export async function findApplicablePriceRule(q: Queryable, lookup: PriceLookup) {
  const rows = await q.query<{ id: number; price: string }>(
    `select id, price::text as price from price_rules
     where enabled and validity_option_id = $1 and card_type = $2
       and (application_id is null or application_id = $3::int)
       and (country_code is null or country_code = $4::char(2))
       and (operator_id is null or operator_id = $5::int)
     order by (operator_id is not null) desc, (country_code is not null) desc, (application_id is not null) desc, id asc
     limit 1`,
    [
      lookup.validityOptionId,
      lookup.cardType,
      lookup.applicationId,
      lookup.countryCode,
      lookup.operatorId ?? null,
    ],
  );
  return rows[0] ?? null;
}

export async function operatorBelongsTo(
  q: Queryable,
  operatorId: number,
  countryCode: string,
): Promise<boolean | null> {
  const rows = await q.query<{ country_code: string }>('select country_code from operators where id = $1', [
    operatorId,
  ]);
  return rows[0] ? rows[0].country_code === countryCode : null;
}

export async function exists(
  q: Queryable,
  table: 'applications' | 'countries' | 'validity_options',
  key: number | string,
) {
  const column = table === 'countries' ? 'code' : 'id';
  const rows = await q.query(`select 1 from ${table} where ${column} = $1`, [key]);
  return rows.length > 0;
}
