import type { SettingsSection } from '@jiema/shared';
import type { Queryable } from '../../db/client';

/**
 * One statement per section of the settings export: the configuration an operator builds by hand
 * (catalog, prices, gateways, content), never users, balances, stock or SMS. Gateways go out
 * without their secret and without credentials in their config (see `withoutCredentials`).
 */
const STATEMENTS: Record<SettingsSection, string> = {
  countries: `select code, dial_code, name_zh, name_en, flag, sms_activate_id, fivesim_slug, enabled, sort_order
    from countries order by code`,
  operators: `select id, country_code, code, name, fivesim_slug, enabled, sort_order from operators order by id`,
  applications: `select id, code, fivesim_product, name_zh, name_en, icon_path, sender_pattern, keyword_pattern,
    code_pattern, enabled, sort_order from applications order by id`,
  validityOptions: `select id, kind, minutes, name_zh, name_en, enabled, sort_order from validity_options order by id`,
  priceRules: `select id, application_id, country_code, operator_id, card_type, validity_option_id,
    price::text as price, enabled from price_rules order by id`,
  gateways: `select id, kind, name, enabled, demo, config from gateways order by id`,
  announcements: `select id, title_zh, title_en, content_zh, content_en, published, pinned, published_at
    from announcements order by id`,
  ads: `select id, title, image_file_id, link_url, placement, locale, starts_at, ends_at, enabled, sort_order
    from ads order by id`,
  contacts: `select id, type, label_zh, label_en, value, link, enabled, sort_order from contact_channels order by id`,
};

/** A config key that may hold a credential (an SMPP bind password, an API token...): left out. */
const CREDENTIAL_KEY = /pass|secret|token|key|auth|credential/i;

export function withoutCredentials(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCredentials);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !CREDENTIAL_KEY.test(key))
        .map(([key, inner]) => [key, withoutCredentials(inner)]),
    );
  }
  return value;
}

export async function readSettingsSection(q: Queryable, section: SettingsSection) {
  const rows = await q.query<Record<string, unknown>>(STATEMENTS[section]);
  if (section !== 'gateways') return rows;
  return rows.map((row) => ({ ...row, config: withoutCredentials(row.config) }));
}
