import { type OrderDetail, toMicros } from '@jiema/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createRenewalsService } from '../../modules/renewals/renewals.service';
import { createRentalsService } from '../../modules/rentals/rentals.service';
import { priceRulesFor } from '../../modules/store/store.repository';
import { createStoreService, pickPrice } from '../../modules/store/store.service';
import {
  type ActivationView,
  activationsOfOrder,
  findActivation,
  markBanned,
} from './activations.repository';
import {
  type CompatCountry,
  type CompatOperator,
  type CompatService,
  type CompatValidity,
  enabledValidities,
} from './catalog.repository';
import { CompatRefusal, refusalOf } from './compat-error';

export type BuyRequest = {
  user: { id: number; username: string };
  service: CompatService;
  country: CompatCountry;
  /** Operators to try in order; empty: any operator. */
  operators: CompatOperator[];
  validity: CompatValidity;
  /** A ceiling on the price of one number, or null. */
  maxPrice: string | null;
  excludePrefixes: string[];
  /** Idempotency of the store's purchase (sms-activate `orderId`). */
  idempotencyKey: string | null;
};

/** Runs a store or rentals call, turning its AppError into a refusal both protocols understand. */
async function refusing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) throw refusalOf(error.code);
    throw error;
  }
}

/**
 * What the compat APIs do to orders, done by the web store's own services: ONE purchase (the store's
 * statement: stock, price list, ledger), ONE lifecycle (the rentals' cancel, finish, another SMS and
 * the sweep's refunds), ONE renewal. Nothing here writes a balance.
 */
export function createCompatOrders({ db, config }: { db: Db; config: Config }) {
  const store = createStoreService({ db, config });
  const rentals = createRentalsService({
    db,
    cooldownMinutes: config.storeCooldownMinutes,
    upstream: config.upstream,
  });
  const renewals = createRenewalsService({ db });

  /** The price of one new number, as the store will charge it. */
  async function priceOf(r: BuyRequest, operatorId: number | null) {
    const rules = await priceRulesFor(db, r.service.id);
    return pickPrice(rules, {
      applicationId: r.service.id,
      countryCode: r.country.code,
      operatorId,
      cardType: 'new',
      validityOptionId: r.validity.id,
    });
  }

  /**
   * Buys one new number: each asked operator in turn (the next one when the first has none in stock),
   * never above the ceiling. WRONG_MAX_PRICE carries the lowest price on sale.
   */
  async function purchaseOne(r: BuyRequest): Promise<OrderDetail> {
    if (!r.service.enabled) throw new CompatRefusal('BAD_SERVICE');
    if (!r.country.enabled) throw new CompatRefusal('NO_NUMBERS');
    const tries: (number | null)[] =
      r.operators.length > 0 ? r.operators.map((o) => (o.code === 'any' ? null : o.id)) : [null];
    let cheapest: string | null = null;
    let lastRefusal: CompatRefusal = new CompatRefusal('NO_NUMBERS');
    let priced = false;
    for (const operatorId of tries) {
      // The price is read first only to hold it against a ceiling: without one, the store's own refusal
      // of an unpriced choice (PRICE_NOT_SET) is the same NO_NUMBERS, one round trip sooner.
      if (r.maxPrice !== null) {
        const price = await priceOf(r, operatorId);
        if (price === null) continue;
        priced = true;
        if (toMicros(price) > toMicros(r.maxPrice)) {
          if (cheapest === null || toMicros(price) < toMicros(cheapest)) cheapest = price;
          continue;
        }
      }
      try {
        return await refusing(() =>
          store.purchase(
            r.user,
            {
              applicationId: r.service.id,
              countryCode: r.country.code,
              operatorId: operatorId ?? undefined,
              cardType: 'new',
              validityOptionId: r.validity.id,
              smsType: 'text',
              quantity: 1,
            },
            r.idempotencyKey ?? undefined,
            { excludePrefixes: r.excludePrefixes },
          ),
        );
      } catch (error) {
        if (!(error instanceof CompatRefusal) || error.word !== 'NO_NUMBERS') throw error;
        lastRefusal = error;
      }
    }
    if (cheapest !== null && (!priced || lastRefusal.word === 'NO_NUMBERS')) {
      throw new CompatRefusal('WRONG_MAX_PRICE', cheapest);
    }
    throw lastRefusal;
  }

  return {
    /** Buys one new number (see `purchaseOne`) and answers its activation as the compat APIs show it. */
    async buy(r: BuyRequest): Promise<ActivationView> {
      const order = await purchaseOne(r);
      const [view] = await activationsOfOrder(db, order.id);
      if (!view) throw new CompatRefusal('ERROR');
      return view;
    },

    /**
     * The same purchase, answering only the activation's id and number (sms-activate getNumber's whole
     * answer) from the purchase itself: no read after the sale.
     */
    async buyNumber(r: BuyRequest): Promise<{ id: number; phoneNumber: string }> {
      const [phone] = (await purchaseOne(r)).phones;
      if (!phone) throw new CompatRefusal('ERROR');
      return { id: phone.rentalId, phoneNumber: phone.phoneNumber };
    },

    /**
     * The same number again for the same service (5sim `reuse`): the store's purchase of a used card
     * whose prefix is the whole number, so it is sold only when free for the service after its cooldown.
     */
    async reuse(user: { id: number; username: string }, service: CompatService, number: string) {
      const validity = (await enabledValidities(db)).find((v) => v.kind === 'activation');
      if (!validity) throw new CompatRefusal('NO_NUMBERS');
      const [row] = await db.query<{ country_code: string }>(
        'select country_code::text as country_code from phone_numbers where number = $1',
        [number],
      );
      if (!row) throw new CompatRefusal('NO_NUMBERS');
      const order = await refusing(() =>
        store.purchase(
          user,
          {
            applicationId: service.id,
            countryCode: row.country_code.trim(),
            prefix: number,
            cardType: 'used',
            validityOptionId: validity.id,
            smsType: 'text',
            quantity: 1,
          },
          undefined,
        ),
      );
      const [view] = await activationsOfOrder(db, order.id);
      if (!view) throw new CompatRefusal('ERROR');
      return view;
    },

    /** The user's own rental, or NO_ACTIVATION (another user's is not theirs to learn about). */
    async own(userId: number, id: number): Promise<ActivationView> {
      const view = await findActivation(db, id);
      if (!view || view.user_id !== userId) throw new CompatRefusal('NO_ACTIVATION');
      return view;
    },

    cancel: (userId: number, id: number) => refusing(() => rentals.withoutView.cancel(userId, id)),
    finish: (userId: number, id: number) => refusing(() => rentals.withoutView.finish(userId, id)),
    anotherSms: (userId: number, id: number) => refusing(() => rentals.withoutView.anotherSms(userId, id)),

    /** "Number already used": cancelled (and refunded) by the lifecycle, then marked banned. */
    async ban(userId: number, id: number) {
      await refusing(() => rentals.withoutView.cancel(userId, id));
      await markBanned(db, id);
    },

    /** Extends a day rental by a validity option, through the renewals (charge, records, expiry). */
    renew: (userId: number, rentalId: number, validityOptionId: number) =>
      refusing(() => renewals.renew(userId, { rentalIds: [rentalId], validityOptionId }, undefined)),
  };
}
export type CompatOrders = ReturnType<typeof createCompatOrders>;
