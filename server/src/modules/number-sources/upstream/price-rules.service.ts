import type { UpstreamPriceRule, UpstreamPriceRuleWrite } from '@jiema/shared';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { type Actor, audit } from '../../audit/audit';
import {
  deletePriceRule,
  listPriceRules,
  type PriceRuleRow,
  upsertPriceRule,
} from './price-rules.repository';
import { findProvider } from './providers.repository';

const ENTITY = 'upstream_provider';

const toView = (r: PriceRuleRow): UpstreamPriceRule => ({
  id: r.id,
  applicationId: r.application_id,
  applicationCode: r.application_code,
  countryCode: r.country_code?.trim() ?? null,
  marginPercent: r.margin_percent,
  marginFixed: r.margin_fixed,
  priceCeiling: r.price_ceiling,
});

/** A provider's price rules per (country, application): overrides of its margin and ceiling. */
export function createUpstreamPriceRulesService({ db }: { db: Db }) {
  const mustFind = async (id: number) => {
    if (!(await findProvider(db, id))) throw new AppError('UPSTREAM_PROVIDER_NOT_FOUND');
  };
  const list = async (providerId: number) => {
    await mustFind(providerId);
    return (await listPriceRules(db, providerId)).map(toView);
  };

  return {
    list,

    async save(actor: Actor, providerId: number, input: UpstreamPriceRuleWrite) {
      await mustFind(providerId);
      const known = await db.query<{ app: boolean; country: boolean }>(
        `select ($1::int is null or exists (select 1 from applications where id = $1::int)) as app,
           ($2::text is null or exists (select 1 from countries where code = $2::text)) as country`,
        [input.applicationId, input.countryCode],
      );
      if (!known[0]!.app || !known[0]!.country) throw new AppError('UPSTREAM_MAPPING_TARGET_UNKNOWN');
      await db.transaction(async (tx) => {
        const ruleId = await upsertPriceRule(tx, providerId, input);
        await audit(tx, actor, {
          action: 'price_rule',
          entity: ENTITY,
          entityId: providerId,
          after: { ruleId, ...input },
        });
      });
      return list(providerId);
    },

    async remove(actor: Actor, providerId: number, ruleId: number) {
      await mustFind(providerId);
      await db.transaction(async (tx) => {
        const removed = await deletePriceRule(tx, providerId, ruleId);
        if (!removed) throw new AppError('UPSTREAM_PRICE_RULE_NOT_FOUND');
        await audit(tx, actor, {
          action: 'price_rule_delete',
          entity: ENTITY,
          entityId: providerId,
          before: toView(removed),
        });
      });
      return list(providerId);
    },
  };
}
