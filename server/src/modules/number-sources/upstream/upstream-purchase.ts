import { randomBytes } from 'node:crypto';
import { type OrderDetail, toMicros } from '@jiema/shared';
import type { Config } from '../../../config';
import type { Db, Queryable } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { applyBalanceChange } from '../../ledger/ledger.service';
import { findOrder } from '../../orders/orders.repository';
import { orderPhones } from '../../orders/orders.service';
import { rentalsOfOrder } from '../../rentals/rentals.repository';
import { ORDER_CHARGE_PREFIX, type PurchaseContext, purchaseAborted } from '../../store/purchase.repository';
import { purchasedOrderDetail } from '../../store/purchased-order';
import { markVoiding, recordBought, recordFailed, recordIntent } from './activations.repository';
import { maxCost, multiply, ourPrice } from './pricing';
import { ProviderError } from './provider-client';
import type { RouteCandidate } from './providers.repository';
import { voidActivation } from './reconcile';
import { commitRelayedSale, saleRefusal } from './relayed-sale.repository';
import { clientFor } from './tracked-client';

export type UpstreamBuy = {
  buyer: { id: number; username: string };
  applicationId: number;
  countryCode: string;
  validityOptionId: number;
  /** The store's price of one number: what the customer pays, once. */
  price: string;
  /**
   * What the store checked before asking any source (`purchaseContext`): the choices on sale, the
   * price, a balance that covers it; and the names the buyer's order shows.
   */
  context: PurchaseContext;
  idempotencyKey: string | null;
  token: string;
  rentalToken: string;
  excludePrefixes: string[];
};

/**
 * Fault injection for the crash tests: runs after the provider sold us a number, before the local
 * commit. In-process tests throw from it; the kill -9 test sets UPSTREAM_TEST_HOLD_AFTER_BUY, and the
 * process then waits here for ever (see holdAfterBuyForTests) until the test kills it.
 */
export const purchaseFaults: { afterUpstreamBuy: null | (() => void | Promise<void>) } = {
  afterUpstreamBuy: null,
};

/** TEST ONLY (UPSTREAM_TEST_HOLD_AFTER_BUY): every upstream purchase stops before its local commit. */
export function holdAfterBuyForTests() {
  purchaseFaults.afterUpstreamBuy = () => {
    process.stdout.write('upstream-buy-held\n');
    return new Promise<void>(() => {});
  };
}

/** A provider without history counts as this likely to deliver. */
const UNKNOWN_SUCCESS = 0.7;

/**
 * The routing policy: priority first (the operator's word), then the expected cost of a delivered code,
 * our cost in USDT divided by the recent success rate for exactly this (application, country), so a
 * cheap provider that rarely delivers loses to a slightly dearer one that does.
 */
export function route(candidates: RouteCandidate[], price: string) {
  return candidates
    .map((c) => {
      const ceiling = maxCost(price, c);
      const usdt = Number(multiply(c.cost, c.rate_to_usdt));
      const rate = Math.max(c.success_rate ?? UNKNOWN_SUCCESS, 0.05);
      return { c, ceiling, score: usdt / rate };
    })
    .filter(
      (x) =>
        x.ceiling !== null &&
        toMicros(x.c.cost) <= toMicros(x.ceiling) &&
        toMicros(ourPrice(x.c.cost, x.c)) <= toMicros(price),
    )
    .sort((a, b) => b.c.priority - a.c.priority || a.score - b.score || a.c.id - b.c.id);
}

/**
 * The order, its rental and the charge of one number another source sold us, in the caller's
 * transaction (agents use it too). The number gets a stock row (`source` e.g. upstream:<id> or
 * agent:<id>, state `disabled`, so our own sales never pick it) so the inbound path attributes its
 * SMS as for our own numbers.
 */
export async function writeRelayedOrder(tx: Queryable, b: UpstreamBuy, phone: string, source: string) {
  const [number] = await tx.query<{ id: number }>(
    `insert into phone_numbers (number, country_code, operator_id, prefix, source, state)
     select $1, c.code, o.id, c.dial_code || substr($1, length(c.dial_code) + 1, 3), $3, 'disabled'
     from countries c join operators o on o.country_code = c.code and o.code = 'any' where c.code = $2
     on conflict (number) do update set source = excluded.source, updated_at = now()
       where phone_numbers.source like 'upstream:%' or phone_numbers.source like 'agent:%'
     returning id`,
    [phone, b.countryCode, source],
  );
  if (!number) throw new Error('the number is in our own stock');
  const [order] = await tx.query<{ id: number; order_no: string }>(
    `insert into store_orders (user_id, application_id, country_code, operator_id, prefix, card_type, validity_option_id,
       validity_kind, validity_minutes, sms_type, quantity, unit_price, amount, status, token, idempotency_key)
     select $1, $2, $3, null, c.dial_code, 'new', v.id, v.kind, v.minutes, 'text', 1, $5::numeric, $5::numeric,
       'pending', $6, $7
     from countries c, validity_options v where c.code = $3 and v.id = $4 and v.kind = 'activation'
     on conflict (user_id, idempotency_key) do nothing
     returning id, order_no`,
    [b.buyer.id, b.applicationId, b.countryCode, b.validityOptionId, b.price, b.token, b.idempotencyKey],
  );
  if (!order) throw new Error('order not written (key reused or validity gone)');
  const [rental] = await tx.query<{ id: number }>(
    `insert into rentals (order_id, user_id, phone_number_id, phone_number, application_id, country_code, operator_id,
       card_type, kind, validity_minutes, price, token, expires_at)
     select o.id, o.user_id, $2, $3, o.application_id, o.country_code, n.operator_id, 'new', 'activation',
       o.validity_minutes, o.unit_price, $4, now() + make_interval(mins => o.validity_minutes)
     from store_orders o, phone_numbers n where o.id = $1 and n.id = $2
     returning id`,
    [order.id, number.id, phone, b.rentalToken],
  );
  if (toMicros(b.price) > 0n) {
    await applyBalanceChange(tx, {
      userId: b.buyer.id,
      type: 'consume',
      amount: b.price,
      reference: `${ORDER_CHARGE_PREFIX}${order.id}`,
      note: order.order_no,
      onInsufficient: () => new AppError('INSUFFICIENT_BALANCE', { needed: b.price }),
    });
  }
  return { orderId: order.id, rentalId: rental!.id };
}

/** The order as the buyer sees it, after a relayed sale. */
export async function relayedOrderDetail(db: Db, orderId: number, buyerId: number): Promise<OrderDetail> {
  const [order, rentals] = await Promise.all([
    findOrder(db, orderId, buyerId),
    rentalsOfOrder(db, orderId, buyerId),
  ]);
  return { ...order!, phones: orderPhones(rentals) };
}

/**
 * Buys one number from the providers, in the routing order, within the purchase budget: NO_NUMBERS,
 * price refusals, faults and timeouts move on to the next provider. Null: none had one (nothing
 * charged). The caller checked the balance (`UpstreamBuy.context`).
 *
 * Each try's intent row is written while the provider is asked (matched by `request_ref`, the key
 * the provider gets), and once it sold us a number, its `bought` record and the sale statement run side
 * by side: the record is what the reconciliation cancels upstream when the sale never commits (crash,
 * kill -9, database down). Round trips on our side, beyond the provider's: one before the buy, one
 * after.
 */
export async function buyFromProviders(
  db: Db,
  config: Pick<Config, 'upstream'>,
  b: UpstreamBuy,
  /** The providers offering (application, country) (`routeCandidates`), read by the caller with the agents. */
  offering: RouteCandidate[],
) {
  const deadline = Date.now() + config.upstream.buyBudgetMs;
  for (const { c, ceiling } of route(offering, b.price)) {
    const left = deadline - Date.now();
    if (left < 50) break;
    const requestRef = `jiema-${randomBytes(12).toString('base64url')}`;
    const intent = recordIntent(db, {
      providerId: c.id,
      userId: b.buyer.id,
      applicationId: b.applicationId,
      countryCode: b.countryCode,
      price: b.price,
      requestRef,
    });
    // Observed below in every branch; this only keeps a failure from counting as unhandled meanwhile.
    intent.catch(() => {});
    const client = clientFor(db, config, c, Math.min(config.upstream.requestTimeoutMs, left), 'beside');
    const asked = await client
      .buy({
        service: c.service_code,
        country: c.country_ref,
        maxPrice: ceiling,
        orderId: requestRef,
      })
      .then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      );
    let id: number;
    try {
      id = await intent;
    } catch (error) {
      // The database refused the intent: a number sold to us now has no row to be sold or voided by.
      if ('answer' in asked && asked.answer.kind === 'number') {
        await client.cancel(asked.answer.upstreamId).catch(() => {});
      }
      await client.counted();
      throw error;
    }
    if ('error' in asked || asked.answer.kind !== 'number') {
      const why =
        'error' in asked
          ? asked.error instanceof ProviderError
            ? asked.error.message
            : String(asked.error)
          : asked.answer.kind === 'refused'
            ? asked.answer.word
            : asked.answer.kind;
      await Promise.all([recordFailed(db, id, why), client.counted()]);
      continue;
    }
    const bought = asked.answer;
    const cost = bought.cost ?? c.cost;
    const costUsdt = multiply(cost, c.rate_to_usdt);
    const boughtRecord = recordBought(db, id, {
      upstreamId: bought.upstreamId,
      phone: bought.phone,
      cost,
      costUsdt,
    });
    if (b.excludePrefixes.some((prefix) => bought.phone.startsWith(prefix))) {
      await Promise.all([boughtRecord, client.counted()]);
      await markVoiding(db, id, 'excluded prefix');
      await voidActivation(db, config, id).catch(() => {});
      continue;
    }
    if (purchaseFaults.afterUpstreamBuy) {
      await Promise.all([boughtRecord, client.counted()]);
      await purchaseFaults.afterUpstreamBuy();
    }
    const [recorded, sold] = await Promise.allSettled([
      boughtRecord,
      commitRelayedSale(db, {
        activationId: id,
        providerId: c.id,
        upstreamId: bought.upstreamId,
        phone: bought.phone,
        cost,
        costUsdt,
        userId: b.buyer.id,
        applicationId: b.applicationId,
        countryCode: b.countryCode,
        validityOptionId: b.validityOptionId,
        price: b.price,
        token: b.token,
        rentalToken: b.rentalToken,
        idempotencyKey: b.idempotencyKey,
        firstPollMs: config.upstream.pollMs || 2000,
      }),
      client.counted(),
    ]);
    if (sold.status === 'fulfilled') {
      const { order, rental } = sold.value;
      return purchasedOrderDetail(b.buyer, relayedChoice(b), b.context, order, [rental], b.token);
    }
    // Not sold: cancelled upstream (now, or by the reconciliation), which needs the `bought` record.
    const error = sold.reason;
    if (recorded.status === 'rejected') {
      // Neither written (the database failing): no row knows the number, so it is cancelled now or never.
      await client.cancel(bought.upstreamId).catch(() => {});
      throw recorded.reason;
    }
    await markVoiding(db, id, error instanceof Error ? error.message : String(error));
    await voidActivation(db, config, id).catch(() => {});
    const ledger = purchaseAborted(error);
    if (ledger?.kind === 'ledger') {
      // The balance was spent meanwhile (or the buyer deleted): no other provider would fare better.
      throw ledger.outcome === 'insufficient'
        ? new AppError('INSUFFICIENT_BALANCE', { needed: b.price })
        : new AppError('ORDER_FAILED');
    }
    const refused = saleRefusal(error);
    // The key was used by a purchase that committed meanwhile: a retry with it answers that order.
    if (refused === 'order') throw new AppError('ORDER_FAILED');
    // Our own number, or voided meanwhile: the next provider. Anything else is not the sale's.
    if (refused === null) throw error;
  }
  return null;
}

/** What every relayed sale is: one new number, a text SMS. */
const relayedChoice = (b: UpstreamBuy) => ({
  applicationId: b.applicationId,
  validityOptionId: b.validityOptionId,
  quantity: 1,
  cardType: 'new' as const,
  smsType: 'text' as const,
});
