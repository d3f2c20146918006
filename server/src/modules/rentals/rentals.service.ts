import type { RentalListQuery } from '@jiema/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import { upstreamSource } from '../number-sources/number-source';
import { withServedBy } from '../number-sources/upstream/served-by';
import { storeTransaction } from '../store/transaction';
import { endRentals } from './rental-endings';
import {
  findRental,
  type LockedRental,
  listRentals,
  lockRental,
  requestAnotherSms,
  setRentalStatus,
} from './rentals.repository';

export type RentalsService = ReturnType<typeof createRentalsService>;

const OPEN = ['active', 'inactive'] as const;
const isOpen = (r: Pick<LockedRental, 'status'>) => r.status === 'active' || r.status === 'inactive';

/** Why a rental in this status cannot take an owner's action that needs it open. */
function notOpenError(r: Pick<LockedRental, 'status'>) {
  return new AppError(r.status === 'suspended' ? 'RENTAL_SUSPENDED' : 'RENTAL_ENDED');
}

/**
 * The user's rentals ("API management"): pause and resume by the owner, the activation actions
 * (cancel after 2 minutes without an SMS, another SMS, finish), suspension by administrators, and
 * the public code link.
 */
export function createRentalsService({
  db,
  cooldownMinutes,
  upstream,
}: {
  db: Db;
  cooldownMinutes: number;
  /** Upstream settings: rentals served by a provider relay their actions to it. */
  upstream: Config['upstream'];
}) {
  const relayed = upstreamSource(db, { upstream, storeCooldownMinutes: cooldownMinutes });
  const mustFind = async (id: number, userId: number | null) => {
    const rental = await findRental(db, id, userId);
    if (!rental) throw new AppError('RENTAL_NOT_FOUND');
    return rental;
  };

  /** Moves an owner's rental between two statuses (already there: fine), or says why it cannot. */
  const ownerMove = async (
    userId: number,
    id: number,
    from: 'active' | 'inactive',
    to: 'active' | 'inactive',
  ) => {
    if (await setRentalStatus(db, id, userId, [from], to)) return mustFind(id, userId);
    const rental = await mustFind(id, userId);
    if (rental.status === to) return rental;
    if (rental.status === 'suspended') throw new AppError('RENTAL_SUSPENDED');
    if (!isOpen(rental)) throw new AppError('RENTAL_ENDED');
    throw new AppError('ORDER_FAILED');
  };

  /**
   * The owner's activation actions, answering nothing: the compat APIs reply with a status word and
   * would only throw a re-read of the rental away (a round trip on every setStatus).
   */
  const withoutView = {
    /**
     * An activation without an SMS, 2 minutes after purchase: ended and refunded once (a second
     * cancel finds it cancelled and pays nothing).
     */
    async cancel(userId: number, id: number): Promise<void> {
      const lifecycle = await relayed.lifecycleOf(id);
      await storeTransaction(db, async (tx) => {
        const rental = await lockRental(tx, id, userId);
        if (!rental) throw new AppError('RENTAL_NOT_FOUND');
        if (rental.kind !== 'activation') throw new AppError('ACTIVATION_ONLY');
        if (rental.status === 'cancelled') return;
        if (!isOpen(rental)) throw notOpenError(rental);
        if (rental.has_message) throw new AppError('ACTIVATION_CODE_RECEIVED');
        if (rental.cancel_wait_seconds > 0) {
          throw new AppError('ACTIVATION_CANCEL_TOO_EARLY', { seconds: rental.cancel_wait_seconds });
        }
        // A provider's number: refunded when the provider confirms the cancel (below), not here.
        if (!lifecycle)
          await endRentals(tx, [{ rental, status: 'cancelled', refund: true }], cooldownMinutes);
      });
      await lifecycle?.cancel();
    },

    /** Ends a rental early: an activation once its SMS came (no refund), a day rental at any time. */
    async finish(userId: number, id: number): Promise<void> {
      const lifecycle = await relayed.lifecycleOf(id);
      await storeTransaction(db, async (tx) => {
        const rental = await lockRental(tx, id, userId);
        if (!rental) throw new AppError('RENTAL_NOT_FOUND');
        if (rental.status === 'finished') return;
        if (!isOpen(rental)) throw notOpenError(rental);
        if (rental.kind === 'activation' && !rental.has_message) throw new AppError('ACTIVATION_NO_CODE_YET');
        if (!lifecycle)
          await endRentals(tx, [{ rental, status: 'finished', refund: false }], cooldownMinutes);
      });
      await lifecycle?.finish();
    },

    /** "Another SMS": the activation stays open and its link waits for the next SMS. */
    async anotherSms(userId: number, id: number): Promise<void> {
      const lifecycle = await relayed.lifecycleOf(id);
      await storeTransaction(db, async (tx) => {
        const rental = await lockRental(tx, id, userId);
        if (!rental) throw new AppError('RENTAL_NOT_FOUND');
        if (rental.kind !== 'activation') throw new AppError('ACTIVATION_ONLY');
        if (rental.status !== 'active')
          throw rental.status === 'inactive' ? new AppError('RENTAL_NOT_ACTIVE') : notOpenError(rental);
        if (!rental.has_message) throw new AppError('ACTIVATION_NO_CODE_YET');
        if (!lifecycle) await requestAnotherSms(tx, id);
      });
      await lifecycle?.anotherSms(userId);
    },
  };

  return {
    async list(userId: number | null, query: RentalListQuery) {
      const { list, total } = await listRentals(db, query, userId);
      return paged(list, total, query);
    },

    /** Every rental, each with the upstream provider that serves it (null: our own stock). */
    async adminList(query: RentalListQuery) {
      const { list, total } = await listRentals(db, query, null);
      return paged(await withServedBy(db, 'rental', list), total, query);
    },

    get: (userId: number | null, id: number) => mustFind(id, userId),

    pause: (userId: number, id: number) => ownerMove(userId, id, 'active', 'inactive'),
    resume: (userId: number, id: number) => ownerMove(userId, id, 'inactive', 'active'),

    withoutView,

    /** Cancels an activation (see withoutView.cancel) and answers with the rental as it is now. */
    async cancel(userId: number, id: number) {
      await withoutView.cancel(userId, id);
      return mustFind(id, userId);
    },

    async finish(userId: number, id: number) {
      await withoutView.finish(userId, id);
      return mustFind(id, userId);
    },

    async anotherSms(userId: number, id: number) {
      await withoutView.anotherSms(userId, id);
      return mustFind(id, userId);
    },

    /** An administrator stops a rental's code link (abuse, dispute); it keeps its number until it ends. */
    async suspend(actor: Actor, id: number) {
      return storeTransaction(db, async (tx) => {
        const before = await lockRental(tx, id, null);
        if (!before) throw new AppError('RENTAL_NOT_FOUND');
        if (before.status === 'suspended') return mustFind(id, null);
        if (!isOpen(before)) throw new AppError('RENTAL_ENDED');
        await setRentalStatus(tx, id, null, OPEN, 'suspended');
        await audit(tx, actor, {
          action: 'suspend',
          entity: 'rental',
          entityId: id,
          before: { status: before.status },
          after: { status: 'suspended' },
        });
        return (await findRental(tx, id, null))!;
      });
    },

    async unsuspend(actor: Actor, id: number) {
      return storeTransaction(db, async (tx) => {
        const before = await lockRental(tx, id, null);
        if (!before) throw new AppError('RENTAL_NOT_FOUND');
        if (before.status !== 'suspended') throw new AppError('RENTAL_NOT_SUSPENDED');
        await setRentalStatus(tx, id, null, ['suspended'], 'active');
        await audit(tx, actor, {
          action: 'unsuspend',
          entity: 'rental',
          entityId: id,
          before: { status: 'suspended' },
          after: { status: 'active' },
        });
        return (await findRental(tx, id, null))!;
      });
    },
  };
}
