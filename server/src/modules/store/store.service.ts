import { randomBytes } from 'node:crypto';
import {
  ANY_OPERATOR_CODE,
  CARD_TYPES,
  type CardType,
  type Order,
  type OrderDetail,
  type PurchaseInput,
  type StoreAvailability,
  type StoreCountryOffer,
  type StorePrice,
} from '@jiema/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { purchasedNumbers, purchases } from '../../lib/metrics';
import { upstreamSource } from '../number-sources/number-source';
import { findOrderByIdempotencyKey } from '../orders/orders.repository';
import { orderPhones } from '../orders/orders.service';
import { rentalsOfOrder } from '../rentals/rentals.repository';
import { ownStockPresence } from './own-stock-presence';
import {
  type PurchaseContext,
  type PurchaseResult,
  purchase,
  purchaseAborted,
  purchaseContext,
} from './purchase.repository';
import { purchasedOrderDetail } from './purchased-order';
import {
  applicationEnabled,
  enabledValidityOptions,
  type PriceRuleRow,
  priceRulesFor,
  stockByCountryAndOperator,
} from './store.repository';
import { abortedForConflict } from './transaction';

export type StoreService = ReturnType<typeof createStoreService>;

/** A secret for a code link: 144 random bits, URL-safe. */
export const newCodeToken = () => randomBytes(18).toString('base64url');

/**
 * How many times a purchase is tried (a fresh statement, so a fresh snapshot) when the database aborted
 * it for a deadlock: if that keeps happening, spec §8's "order failed, try again later".
 */
const ATTEMPTS = 4;
/**
 * How many times a purchase may lose a race: others bound numbers it saw as free. Each loss is another
 * buyer's committed purchase, and the next try's snapshot sees it, so losing again and again only
 * happens while stock runs out under many buyers at once (four in a row were seen on a busy machine,
 * and that buyer heard "order failed" where the stock's answer was due).
 */
const LOST_RACES = 32;

type PriceKey = {
  applicationId: number;
  countryCode: string;
  operatorId: number | null;
  cardType: CardType;
  validityOptionId: number;
};

/**
 * The most specific rule, exactly as the catalog's `findApplicablePriceRule` orders them (operator,
 * then country, then application, then the lowest id), over rules loaded once for the whole matrix.
 */
export function pickPrice(rules: readonly PriceRuleRow[], k: PriceKey): string | null {
  let best: PriceRuleRow | null = null;
  const rank = (r: PriceRuleRow) => [
    r.operator_id === null ? 0 : 1,
    r.country_code === null ? 0 : 1,
    r.application_id === null ? 0 : 1,
  ];
  for (const r of rules) {
    if (r.validity_option_id !== k.validityOptionId || r.card_type !== k.cardType) continue;
    if (r.application_id !== null && r.application_id !== k.applicationId) continue;
    if (r.country_code !== null && r.country_code !== k.countryCode) continue;
    if (r.operator_id !== null && r.operator_id !== k.operatorId) continue;
    if (best === null) {
      best = r;
      continue;
    }
    const [a, b] = [rank(r), rank(best)];
    const cmp = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]! || best.id - r.id;
    if (cmp > 0) best = r;
  }
  return best?.price ?? null;
}

/** Spec §5: nothing available, or some but fewer than asked (the validity-stock message). */
function stockError(available: number, needed: number, maxQuantity: number) {
  if (available <= 0) return new AppError('STOCK_INSUFFICIENT');
  return new AppError('VALIDITY_STOCK_INSUFFICIENT', {
    max: Math.min(available, maxQuantity),
    available,
    needed,
  });
}

/** Every spec §5 choice must exist and be on sale; an operator must belong to the country. */
function checkChoices(ctx: PurchaseContext, input: PurchaseInput) {
  const unavailable = () => new AppError('STORE_CHOICE_UNAVAILABLE');
  if (!ctx.app_id || !ctx.app_enabled) throw unavailable();
  if (!ctx.country_code || !ctx.country_enabled) throw unavailable();
  if (!ctx.validity_id || !ctx.validity_enabled) throw unavailable();
  if (input.operatorId !== undefined) {
    if (!ctx.op_id || !ctx.op_enabled) throw unavailable();
    if (ctx.op_country?.trim() !== ctx.country_code.trim()) throw new AppError('OPERATOR_COUNTRY_MISMATCH');
  }
}

/**
 * Why the order was not written, from what the purchase checked: a choice not on sale, no price, or
 * a balance short of the amount (spec §5). Returns when all was well.
 */
function refuse(ctx: PurchaseContext, input: PurchaseInput) {
  checkChoices(ctx, input);
  if (ctx.price === null) throw new AppError('PRICE_NOT_SET');
  if (!ctx.ok) throw new AppError('INSUFFICIENT_BALANCE', { needed: ctx.amount ?? '0' });
}

/** What the other sources (providers, agents) sell: one new number of any operator, no prefix, a text SMS. */
const sourcesSell = (input: PurchaseInput) =>
  input.quantity === 1 && input.cardType === 'new' && !input.prefix && input.smsType === 'text';

/** A retried purchase (same idempotency key) must ask for the same thing. */
function sameRequest(order: Order, input: PurchaseInput) {
  return (
    order.applicationId === input.applicationId &&
    order.countryCode === input.countryCode &&
    order.cardType === input.cardType &&
    order.validityOptionId === input.validityOptionId &&
    order.quantity === input.quantity &&
    (order.operatorId === null || order.operatorId === input.operatorId)
  );
}

/**
 * The API store: the stock and price matrix of an application, and the purchase, which validates
 * every spec §5 rule, binds free numbers, charges through the ledger and writes the order and its
 * rentals in ONE transaction, or writes nothing.
 */
export function createStoreService({ db, config }: { db: Db; config: Config }) {
  const upstream = upstreamSource(db, config);

  const ownStock = ownStockPresence(db);

  /**
   * One new activation number from the other sources (providers, agents) at the store's price (their
   * cost plus margin must fit under it: maxPrice keeps the margin), or null when none has one. Only what
   * they sell: one new number, any operator, no prefix, a text SMS. Every check of our own purchase
   * statement is made first (`purchaseContext`, the same spec §5 refusals), beside the idempotency key's
   * order and the sources' offers: one round trip before any source is asked.
   */
  async function fromSources(
    buyer: { id: number; username: string },
    input: PurchaseInput,
    key: string | null,
    excludePrefixes: string[],
  ): Promise<OrderDetail | null> {
    if (!sourcesSell(input)) return null;
    const [ctx, existing, offers] = await Promise.all([
      purchaseContext(db, {
        userId: buyer.id,
        applicationId: input.applicationId,
        countryCode: input.countryCode,
        operatorId: input.operatorId ?? null,
        validityOptionId: input.validityOptionId,
        cardType: 'new',
        quantity: 1,
      }),
      key ? findOrderByIdempotencyKey(db, buyer.id, key) : null,
      upstream.offers(input.applicationId, input.countryCode),
    ]);
    if (existing) return replay(existing, input);
    refuse(ctx, input);
    if (input.operatorId !== undefined && ctx.op_code !== ANY_OPERATOR_CODE) return null;
    if (ctx.validity_kind !== 'activation') return null;
    if (offers.agents.length === 0 && offers.providers.length === 0) return null;
    const served = await upstream.take(
      {
        buyer,
        applicationId: input.applicationId,
        countryCode: input.countryCode,
        validityOptionId: input.validityOptionId,
        price: ctx.price!,
        context: ctx,
        idempotencyKey: key,
        token: newCodeToken(),
        rentalToken: newCodeToken(),
        excludePrefixes,
      },
      offers,
    );
    if (served) {
      purchases.inc();
      purchasedNumbers.inc(1);
    }
    return served;
  }
  const replay = async (order: Order, input: PurchaseInput): Promise<OrderDetail> => {
    if (!sameRequest(order, input)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    // Numbers the buyer transferred away since are not theirs to see any more.
    return { ...order, phones: orderPhones(await rentalsOfOrder(db, order.id, order.userId)) };
  };

  /**
   * One try of the purchase statement; undone, it says why (spec §5 messages), or what to try again
   * for: `aborted` by the database, or `lost` a race for numbers to another buyer.
   */
  async function attempt(
    request: Parameters<typeof purchase>[1],
  ): Promise<PurchaseResult | 'aborted' | 'lost'> {
    try {
      return await purchase(db, request);
    } catch (error) {
      if (abortedForConflict(error)) return 'aborted';
      const aborted = purchaseAborted(error);
      if (aborted === null) throw error;
      if (aborted.kind === 'conflict') return 'lost';
      if (aborted.kind === 'short') {
        throw stockError(aborted.count, request.quantity, config.storeMaxQuantity);
      }
      if (aborted.outcome === 'insufficient') {
        throw new AppError('INSUFFICIENT_BALANCE', { needed: aborted.amount });
      }
      // The buyer was deleted meanwhile ('not_found'); an order's new reference cannot exist already.
      throw new AppError('ORDER_FAILED');
    }
  }

  return {
    /** Stock and prices of one application for every country and operator: three queries, whatever the size. */
    async availability(applicationId: number, buyer: { demo: boolean }): Promise<StoreAvailability> {
      if ((await applicationEnabled(db, applicationId)) !== true)
        throw new AppError('STORE_CHOICE_UNAVAILABLE');
      const [stock, rules, validityOptions] = await Promise.all([
        stockByCountryAndOperator(db, applicationId, config.storeCooldownMinutes, buyer.demo),
        priceRulesFor(db, applicationId),
        enabledValidityOptions(db),
      ]);
      const pricesFor = (countryCode: string, operatorId: number | null): StorePrice[] =>
        validityOptions.flatMap((v) =>
          CARD_TYPES.map((cardType) => ({
            cardType,
            validityOptionId: v.id,
            price: pickPrice(rules, {
              applicationId,
              countryCode,
              operatorId,
              cardType,
              validityOptionId: v.id,
            }),
          })),
        );

      const countries = new Map<string, StoreCountryOffer & { sort: number }>();
      for (const row of stock) {
        const code = row.country_code.trim();
        let country = countries.get(code);
        if (!country) {
          country = {
            code,
            dialCode: row.dial_code,
            nameZh: row.country_name_zh,
            nameEn: row.country_name_en,
            flag: row.flag,
            stock: { new: 0, used: 0 },
            prices: pricesFor(code, null),
            operators: [],
            sort: row.country_sort,
          };
          countries.set(code, country);
        }
        country.stock.new += row.new_count;
        country.stock.used += row.used_count;
        // Numbers of the "any" operator (carrier unknown) count for the country only.
        if (row.operator_code !== ANY_OPERATOR_CODE) {
          country.operators.push({
            id: row.operator_id,
            code: row.operator_code,
            name: row.operator_name,
            stock: { new: row.new_count, used: row.used_count },
            prices: pricesFor(code, row.operator_id),
          });
        }
      }
      const list = [...countries.values()].sort(
        (a, b) =>
          b.stock.new + b.stock.used - (a.stock.new + a.stock.used) ||
          a.sort - b.sort ||
          a.code.localeCompare(b.code),
      );
      return {
        applicationId,
        demo: buyer.demo,
        maxQuantity: config.storeMaxQuantity,
        validityOptions,
        countries: list.map(({ sort: _sort, ...country }) => ({
          ...country,
          operators: country.operators.sort((a, b) => a.name.localeCompare(b.name)),
        })),
      };
    },

    async purchase(
      buyer: { id: number; username: string },
      input: PurchaseInput,
      headerKey: string | undefined,
      /** The compat APIs: numbers starting with none of these prefixes (sms-activate's `phoneException`). */
      options: { excludePrefixes?: string[] } = {},
    ): Promise<OrderDetail> {
      const userId = buyer.id;
      const key = headerKey ?? input.idempotencyKey ?? null;
      if (input.quantity > config.storeMaxQuantity) {
        // A retry answers with its order whatever changed since; the purchase statement checks the key
        // itself, so only this early refusal looks it up first.
        const existing = key ? await findOrderByIdempotencyKey(db, userId, key) : null;
        if (existing) return replay(existing, input);
        throw new AppError('QUANTITY_ABOVE_MAX', { max: config.storeMaxQuantity });
      }

      const token = newCodeToken();
      const excludePrefixes = options.excludePrefixes ?? input.excludePrefixes;
      const request = {
        userId,
        applicationId: input.applicationId,
        countryCode: input.countryCode,
        operatorId: input.operatorId ?? null,
        prefix: input.prefix ?? null,
        excludePrefixes: excludePrefixes?.length ? excludePrefixes : null,
        cardType: input.cardType,
        validityOptionId: input.validityOptionId,
        smsType: input.smsType,
        quantity: input.quantity,
        token,
        idempotencyKey: key,
        cooldownMinutes: config.storeCooldownMinutes,
        tokens: Array.from({ length: input.quantity }, newCodeToken),
      };
      // A country with no numbers of ours: the other sources straight away. Only when none has one
      // does the purchase statement run, for its answer (no stock, or a refusal).
      const skipOwn = sourcesSell(input) && !(await ownStock.has(input.countryCode));
      if (skipOwn) {
        const served = await fromSources(buyer, input, key, excludePrefixes ?? []);
        if (served) return served;
      }
      let outcome: Awaited<ReturnType<typeof attempt>>;
      try {
        outcome = await attempt(request);
        for (let aborts = 0, losses = 0; typeof outcome === 'string'; ) {
          if (outcome === 'aborted' ? ++aborts >= ATTEMPTS : ++losses >= LOST_RACES) {
            throw new AppError('ORDER_FAILED');
          }
          outcome = await attempt(request);
        }
      } catch (error) {
        // Own stock first; the other sources only when it has none at all.
        if (skipOwn || !(error instanceof AppError) || error.code !== 'STOCK_INSUFFICIENT') throw error;
        const served = await fromSources(buyer, input, key, excludePrefixes ?? []);
        if (served) return served;
        throw error;
      }
      if (typeof outcome === 'string') throw new AppError('ORDER_FAILED');
      if (!outcome.order) {
        // Nothing written: a retry (the key is used: its order answers, whatever changed since, as a
        // balance spent on it), or a refusal; only these rare answers look the key up.
        const existing = key ? await findOrderByIdempotencyKey(db, userId, key) : null;
        if (existing) return replay(existing, input);
        refuse(outcome.ctx, input);
        throw new AppError('ORDER_FAILED');
      }
      purchases.inc();
      purchasedNumbers.inc(input.quantity);
      return purchasedOrderDetail(buyer, input, outcome.ctx, outcome.order, outcome.bound, token);
    },
  };
}
