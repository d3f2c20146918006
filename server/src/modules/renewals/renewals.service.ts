import {
  type AdminRenewalListQuery,
  EXPORT_MAX_ROWS,
  formatMoney,
  fromMicros,
  type RenewableListQuery,
  type RenewalChoices,
  type RenewalCreate,
  type RenewalInput,
  type RenewalQuote,
  type RenewalResult,
  toMicros,
} from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { applyBalanceChange } from '../ledger/ledger.service';
import { type PriceRuleRow, priceRulesFor } from '../store/store.repository';
import { pickPrice } from '../store/store.service';
import { storeTransaction } from '../store/transaction';
import { exportRecords, listRecords, recordsOfBatch } from './renewal-records.repository';
import {
  extendAndRecord,
  findBatch,
  findBatchByKey,
  findOption,
  insertBatch,
  listRenewable,
  lockTargets,
  type RenewalTarget,
  readTargets,
  renewalApplications,
  renewalOptions,
} from './renewals.repository';

export type RenewalsService = ReturnType<typeof createRenewalsService>;

/** The ledger reference of a renewal: one charge per batch, whatever is retried. */
export const renewalChargeReference = (batchId: number) => `renewal:${batchId}`;

type Priced<T extends RenewalTarget = RenewalTarget> = { target: T; price: string };

/** The validity must exist, be on sale and be a day rental: activations are sold per code, not renewed. */
async function usableOption(q: Queryable, id: number) {
  const option = await findOption(q, id);
  if (!option?.enabled) throw new AppError('RENEWAL_OPTION_UNAVAILABLE');
  if (option.kind !== 'rental') throw new AppError('RENEWAL_OPTION_NOT_RENTAL');
  return option;
}

/**
 * Every chosen rental must be the caller's (another user's is "not found", never "forbidden": its
 * existence is not theirs to learn), a day rental, and open: active or paused, and not past its
 * end (the sweep would end it; extending it from a past expiry would sell time already gone).
 */
function checkTargets(targets: RenewalTarget[], ids: readonly number[]) {
  if (targets.length !== ids.length) throw new AppError('RENTAL_NOT_FOUND');
  for (const t of targets) {
    const number = t.phone_number;
    if (t.kind !== 'rental') throw new AppError('RENEWAL_ACTIVATION', { number });
    if (t.status === 'suspended') throw new AppError('RENEWAL_SUSPENDED', { number });
    if ((t.status !== 'active' && t.status !== 'inactive') || t.due) {
      throw new AppError('RENEWAL_ENDED', { number });
    }
  }
}

/**
 * Each rental's price for the option, by the store's own rule choice (operator, then country, then
 * application, then the global default) over the rules loaded once per application.
 */
async function priceTargets<T extends RenewalTarget>(
  q: Queryable,
  targets: T[],
  optionId: number,
): Promise<Priced<T>[]> {
  const rules = new Map<number, PriceRuleRow[]>();
  for (const appId of new Set(targets.map((t) => t.application_id))) {
    rules.set(appId, await priceRulesFor(q, appId));
  }
  return targets.map((target) => {
    const price = pickPrice(rules.get(target.application_id) ?? [], {
      applicationId: target.application_id,
      countryCode: target.country_code,
      operatorId: target.operator_id,
      cardType: target.card_type,
      validityOptionId: optionId,
    });
    if (price === null) throw new AppError('RENEWAL_PRICE_NOT_SET', { number: target.phone_number });
    return { target, price: formatMoney(price) };
  });
}

const totalOf = (priced: Priced[]) => fromMicros(priced.reduce((sum, p) => sum + toMicros(p.price), 0n));

/**
 * The renewal center: quotes, renewals (one transaction: lock, check, price, charge, extend,
 * record; or nothing at all) and the renewal records of a user or of everyone.
 */
export function createRenewalsService({ db }: { db: Db }) {
  const result = async (batchId: number): Promise<RenewalResult> => {
    const batch = await findBatch(db, batchId);
    if (!batch) throw new AppError('ORDER_FAILED');
    return {
      batchNo: batch.batch_no,
      total: batch.amount,
      createdAt: batch.created_at,
      items: await recordsOfBatch(db, batchId),
    };
  };

  /** A retried renewal (same idempotency key) must ask for the same thing; it gets the first answer. */
  const replay = async (batch: { id: number; validity_option_id: number }, input: RenewalInput) => {
    const answer = await result(batch.id);
    const ids = answer.items.map((i) => i.rentalId);
    const same =
      batch.validity_option_id === input.validityOptionId &&
      ids.length === input.rentalIds.length &&
      ids.every((id, i) => id === input.rentalIds[i]);
    if (!same) throw new AppError('RENEWAL_KEY_REUSED');
    return answer;
  };

  return {
    async choices(): Promise<RenewalChoices> {
      const [options, applications] = await Promise.all([renewalOptions(db), renewalApplications(db)]);
      return { options, applications };
    },

    async renewable(userId: number, query: RenewableListQuery) {
      const { list, total } = await listRenewable(db, userId, query);
      return paged(list, total, query);
    },

    /** What a renewal would cost now, by the same checks and prices as the renewal itself. */
    async quote(userId: number, input: RenewalInput): Promise<RenewalQuote> {
      const option = await usableOption(db, input.validityOptionId);
      const targets = await readTargets(db, userId, input.rentalIds);
      checkTargets(targets, input.rentalIds);
      const priced = await priceTargets(db, targets, option.id);
      const extend = option.minutes * 60_000;
      return {
        option: { id: option.id, minutes: option.minutes, nameZh: option.nameZh, nameEn: option.nameEn },
        total: totalOf(priced),
        items: priced.map(({ target, price }) => ({
          rentalId: target.id,
          phoneNumber: target.phone_number,
          applicationId: target.application_id,
          applicationCode: target.application_code,
          applicationNameZh: target.application_name_zh,
          applicationNameEn: target.application_name_en,
          countryCode: target.country_code,
          countryNameZh: target.country_name_zh,
          countryNameEn: target.country_name_en,
          countryFlag: target.country_flag,
          cardType: target.card_type,
          expiresAt: new Date(target.expires_at).toISOString(),
          newExpiresAt: new Date(new Date(target.expires_at).getTime() + extend).toISOString(),
          price,
        })),
      };
    },

    async renew(userId: number, input: RenewalCreate, headerKey: string | undefined) {
      const key = headerKey ?? input.idempotencyKey ?? null;
      if (key) {
        const existing = await findBatchByKey(db, userId, key);
        if (existing) return replay(existing, input);
      }
      const batchId = await storeTransaction(db, async (tx) => {
        const option = await usableOption(tx, input.validityOptionId);
        const targets = await lockTargets(tx, userId, input.rentalIds);
        checkTargets(targets, input.rentalIds);
        const priced = await priceTargets(tx, targets, option.id);
        const total = totalOf(priced);
        const batch = await insertBatch(tx, {
          userId,
          optionId: option.id,
          minutes: option.minutes,
          amount: total,
          key,
        });
        // The key was taken while this waited for the locks: the other request renewed, not this one.
        if (!batch) return null;
        if (toMicros(total) > 0n) {
          await applyBalanceChange(tx, {
            userId,
            type: 'consume',
            amount: total,
            reference: renewalChargeReference(batch.id),
            note: batch.batch_no,
            onInsufficient: () => new AppError('INSUFFICIENT_BALANCE', { needed: total }),
          });
        }
        await extendAndRecord(
          tx,
          { id: batch.id, userId, optionId: option.id, minutes: option.minutes },
          priced.map((p) => ({ rentalId: p.target.id, price: p.price })),
        );
        return batch.id;
      });
      if (batchId === null) {
        const existing = await findBatchByKey(db, userId, key!);
        if (!existing) throw new AppError('ORDER_FAILED');
        return replay(existing, input);
      }
      return result(batchId);
    },

    async list(userId: number | null, query: AdminRenewalListQuery) {
      const { list, total } = await listRecords(db, query, userId);
      return paged(list, total, query);
    },

    export: (userId: number | null, query: Partial<AdminRenewalListQuery>) =>
      exportRecords(db, query, userId, EXPORT_MAX_ROWS),
  };
}
