import {
  formatMoney,
  type PriceBulkEdit,
  type PriceRuleCreate,
  type PriceRuleFilter,
  type PriceRuleListQuery,
  type PriceRuleUpdate,
  type ValidityOptionCreate,
  type ValidityOptionListQuery,
  type ValidityOptionUpdate,
} from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import {
  applyPriceChange,
  deletePriceRule,
  exists,
  exportPriceRules,
  findApplicablePriceRule,
  findPriceRule,
  insertPriceRule,
  listPriceRules,
  lockPriceRules,
  operatorBelongsTo,
  type PriceLookup,
  priceRuleScopeTaken,
  updatePriceRule,
} from './api-options.repository';
import { isForeignKeyViolation, isUniqueViolation } from './sql';
import {
  deleteValidityOption,
  findValidityOption,
  insertValidityOption,
  listValidityOptions,
  updateValidityOption,
  validityTaken,
} from './validity-options.repository';

export type { PriceLookup } from './api-options.repository';
export type ApiOptionsService = ReturnType<typeof createApiOptionsService>;

/**
 * The price of one number for a purchase, as a 6-decimal string, or null when no enabled rule
 * applies. The most specific enabled rule wins: operator, then country, then application, then the
 * global default. Takes a Queryable so the store can call it inside its purchase transaction; it
 * prices only (whether the application, country and validity are enabled is the caller's check).
 */
export async function resolvePrice(q: Queryable, lookup: PriceLookup): Promise<string | null> {
  const rule = await findApplicablePriceRule(q, lookup);
  return rule ? formatMoney(rule.price) : null;
}

type Scope = Pick<PriceRuleCreate, 'applicationId' | 'countryCode' | 'operatorId' | 'validityOptionId'>;

/** Every id of a rule's scope must exist, and an operator must be one of the rule's country. */
async function assertScope(q: Queryable, scope: Scope) {
  if (!(await exists(q, 'validity_options', scope.validityOptionId)))
    throw new AppError('VALIDITY_OPTION_NOT_FOUND');
  if (scope.applicationId !== null && !(await exists(q, 'applications', scope.applicationId))) {
    throw new AppError('APPLICATION_NOT_FOUND');
  }
  if (scope.countryCode !== null && !(await exists(q, 'countries', scope.countryCode)))
    throw new AppError('COUNTRY_NOT_FOUND');
  if (scope.operatorId !== null) {
    const belongs =
      scope.countryCode === null ? false : await operatorBelongsTo(q, scope.operatorId, scope.countryCode);
    if (belongs === null) throw new AppError('OPERATOR_NOT_FOUND');
    if (!belongs) throw new AppError('OPERATOR_COUNTRY_MISMATCH');
  }
}

export function createApiOptionsService({ db }: { db: Db }) {
  const mustFindValidity = async (q: Queryable, id: number, lock = false) => {
    const option = await findValidityOption(q, id, { lock });
    if (!option) throw new AppError('VALIDITY_OPTION_NOT_FOUND');
    return option;
  };
  const mustFindRule = async (q: Queryable, id: number, lock = false) => {
    const rule = await findPriceRule(q, id, { lock });
    if (!rule) throw new AppError('PRICE_RULE_NOT_FOUND');
    return rule;
  };

  return {
    resolvePrice: (lookup: PriceLookup) => findApplicablePriceRule(db, lookup),

    // ------------------------------------------------------------ validity options

    async listValidityOptions(query: ValidityOptionListQuery) {
      const { list, total } = await listValidityOptions(db, query);
      return paged(list, total, query);
    },

    async createValidityOption(actor: Actor, input: ValidityOptionCreate) {
      try {
        return await db.transaction(async (tx) => {
          if (await validityTaken(tx, input.kind, input.minutes, null))
            throw new AppError('VALIDITY_OPTION_EXISTS');
          const id = await insertValidityOption(tx, input);
          const created = await mustFindValidity(tx, id);
          await audit(tx, actor, {
            action: 'create',
            entity: 'validity_option',
            entityId: id,
            after: created,
          });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('VALIDITY_OPTION_EXISTS');
        throw error;
      }
    },

    async updateValidityOption(actor: Actor, id: number, changes: ValidityOptionUpdate) {
      try {
        return await db.transaction(async (tx) => {
          const before = await mustFindValidity(tx, id, true);
          const kind = changes.kind ?? before.kind;
          const minutes = changes.minutes ?? before.minutes;
          if (await validityTaken(tx, kind, minutes, id)) throw new AppError('VALIDITY_OPTION_EXISTS');
          await updateValidityOption(tx, id, changes);
          const after = await mustFindValidity(tx, id);
          await audit(tx, actor, {
            action: 'update',
            entity: 'validity_option',
            entityId: id,
            before,
            after,
          });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('VALIDITY_OPTION_EXISTS');
        throw error;
      }
    },

    /** Deletes a validity option and its price rules; refused while orders use it. */
    async removeValidityOption(actor: Actor, id: number) {
      try {
        await db.transaction(async (tx) => {
          const before = await mustFindValidity(tx, id, true);
          await deleteValidityOption(tx, id);
          await audit(tx, actor, { action: 'delete', entity: 'validity_option', entityId: id, before });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('VALIDITY_OPTION_IN_USE');
        throw error;
      }
    },

    // ------------------------------------------------------------ price rules

    async listPriceRules(query: PriceRuleListQuery) {
      const { list, total } = await listPriceRules(db, query);
      return paged(list, total, query);
    },

    exportPriceRules: (query: PriceRuleFilter) => exportPriceRules(db, query),

    async createPriceRule(actor: Actor, input: PriceRuleCreate) {
      const rule = { ...input, price: formatMoney(input.price) };
      try {
        return await db.transaction(async (tx) => {
          await assertScope(tx, rule);
          if (await priceRuleScopeTaken(tx, rule, null)) throw new AppError('PRICE_RULE_EXISTS');
          const id = await insertPriceRule(tx, rule);
          const created = await mustFindRule(tx, id);
          await audit(tx, actor, { action: 'create', entity: 'price_rule', entityId: id, after: created });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('PRICE_RULE_EXISTS');
        throw error;
      }
    },

    async updatePriceRule(actor: Actor, id: number, changes: PriceRuleUpdate) {
      const normalized = {
        ...changes,
        ...(changes.price !== undefined ? { price: formatMoney(changes.price) } : {}),
      };
      try {
        return await db.transaction(async (tx) => {
          const before = await mustFindRule(tx, id, true);
          const scope = {
            applicationId:
              normalized.applicationId !== undefined ? normalized.applicationId : before.applicationId,
            countryCode: normalized.countryCode !== undefined ? normalized.countryCode : before.countryCode,
            operatorId: normalized.operatorId !== undefined ? normalized.operatorId : before.operatorId,
            cardType: normalized.cardType ?? before.cardType,
            validityOptionId: normalized.validityOptionId ?? before.validityOptionId,
          };
          await assertScope(tx, scope);
          if (await priceRuleScopeTaken(tx, scope, id)) throw new AppError('PRICE_RULE_EXISTS');
          await updatePriceRule(tx, id, normalized);
          const after = await mustFindRule(tx, id);
          await audit(tx, actor, { action: 'update', entity: 'price_rule', entityId: id, before, after });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('PRICE_RULE_EXISTS');
        throw error;
      }
    },

    async removePriceRule(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await mustFindRule(tx, id, true);
        await deletePriceRule(tx, id);
        await audit(tx, actor, { action: 'delete', entity: 'price_rule', entityId: id, before });
      });
    },

    /**
     * Applies a percentage or a fixed price to every rule the filter matches, in one transaction,
     * computed by PostgreSQL in exact decimals; one audit row lists each rule's price before and after.
     */
    async bulkEdit(actor: Actor, edit: PriceBulkEdit) {
      return db.transaction(async (tx) => {
        const targets = await lockPriceRules(tx, edit.filter);
        if (targets.length === 0) return { updated: 0 };
        const changed = await applyPriceChange(
          tx,
          targets.map((t) => t.id),
          edit.mode,
          edit.value,
        );
        const after = new Map(changed.map((r) => [r.id, r.price]));
        await audit(tx, actor, {
          action: 'bulk-edit',
          entity: 'price_rule',
          entityId: targets.length === 1 ? targets[0]!.id : `${targets.length} rules`,
          before: { filter: edit.filter, mode: edit.mode, value: edit.value, rules: targets },
          after: { rules: targets.map((t) => ({ id: t.id, price: after.get(t.id) })) },
        });
        return { updated: changed.length };
      });
    },
  };
}
