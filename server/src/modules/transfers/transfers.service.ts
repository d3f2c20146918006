import type {
  AdminTransferFilter,
  AdminTransferListQuery,
  MyTransfer,
  Transfer,
  TransferInput,
  TransferListQuery,
} from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged, SqlFilter } from '../../lib/pagination';
import { isForeignKeyViolation, likePattern } from '../catalog/sql';
import { dropMemberships } from '../rental-groups/rental-groups.repository';
import { newCodeToken } from '../store/store.service';
import { storeTransaction } from '../store/transaction';
import {
  addTransferFilters,
  exportTransfers,
  findTransfer,
  findTransferIdByKey,
  findUserByUsername,
  insertTransfer,
  listTransfers,
  lockRentals,
  moveRentals,
  rentalChoices,
  untransferableCounts,
} from './transfers.repository';

export type TransfersService = ReturnType<typeof createTransfersService>;

/** The most rows one export answers. */
export const TRANSFER_EXPORT_LIMIT = 20_000;

/** A transfer as one of its sides sees it. */
export function asSeenBy(transfer: Transfer, userId: number): MyTransfer {
  const sent = transfer.fromUserId === userId;
  return {
    ...transfer,
    direction: sent ? 'sent' : 'received',
    counterpartUsername: sent ? transfer.toUsername : transfer.fromUsername,
  };
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/**
 * API transfer: the caller's open rentals move to another user in one transaction, each with a new
 * token (the links the previous owner handed out stop working) and out of the previous owner's
 * group links, with a record both sides see.
 */
export function createTransfersService({ db }: { db: Db }) {
  /** A retried transfer (same idempotency key) must ask for the same thing. */
  const replay = async (id: number, fromUserId: number, input: TransferInput): Promise<MyTransfer> => {
    const transfer = await findTransfer(db, id);
    if (!transfer) throw new AppError('ORDER_FAILED');
    const sameTarget = transfer.toUsername.toLowerCase() === input.username.toLowerCase();
    const rentalIds = transfer.items.map((i) => i.rentalId);
    if (!sameTarget || !sameIds(rentalIds, input.rentalIds)) throw new AppError('TRANSFER_KEY_REUSED');
    return asSeenBy(transfer, fromUserId);
  };

  return {
    choices: (userId: number, keyword: string | undefined) =>
      rentalChoices(db, userId, ['active', 'inactive'], keyword, ['rental']),

    untransferable: (userId: number) => untransferableCounts(db, userId),

    async transfer(
      fromUserId: number,
      input: TransferInput,
      headerKey: string | undefined,
    ): Promise<MyTransfer> {
      const key = headerKey ?? input.idempotencyKey ?? null;
      if (key) {
        const existing = await findTransferIdByKey(db, fromUserId, key);
        if (existing !== null) return replay(existing, fromUserId, input);
      }
      const target = await findUserByUsername(db, input.username);
      if (!target) throw new AppError('TRANSFER_TARGET_NOT_FOUND');
      if (target.id === fromUserId) throw new AppError('TRANSFER_TO_SELF');
      if (!target.enabled) throw new AppError('TRANSFER_TARGET_DISABLED');
      const ids = [...input.rentalIds].sort((a, b) => a - b);

      let outcome: { id: number } | { existing: true };
      try {
        outcome = await storeTransaction(db, async (tx) => {
          const rows = await lockRentals(tx, ids);
          // A retry racing the first request waited on the same locks: the first one's record is visible now.
          if (key && (await findTransferIdByKey(tx, fromUserId, key)) !== null)
            return { existing: true as const };
          const owned = new Map(rows.filter((r) => r.user_id === fromUserId).map((r) => [r.id, r]));
          if (ids.some((id) => !owned.has(id))) throw new AppError('RENTAL_NOT_FOUND');
          for (const r of rows) {
            // An activation is refunded to whoever holds it when no code comes: moving one would
            // move refundable money from one account to another.
            if (r.kind === 'activation')
              throw new AppError('TRANSFER_ACTIVATION', { number: r.phone_number });
            if (r.status === 'suspended')
              throw new AppError('TRANSFER_RENTAL_SUSPENDED', { number: r.phone_number });
            if (r.status !== 'active' && r.status !== 'inactive') {
              throw new AppError('TRANSFER_RENTAL_ENDED', { number: r.phone_number });
            }
          }
          // The record first: a concurrent request with the same key makes this a no-op before anything moved.
          const id = await insertTransfer(
            tx,
            { fromUserId, toUserId: target.id, note: input.note ?? '', idempotencyKey: key },
            rows,
          );
          if (id === null) return { existing: true as const };
          await moveRentals(tx, ids, target.id, ids.map(newCodeToken));
          await dropMemberships(tx, ids);
          return { id };
        });
      } catch (error) {
        // The receiver was deleted between the check and the write.
        if (isForeignKeyViolation(error)) throw new AppError('TRANSFER_TARGET_NOT_FOUND');
        throw error;
      }
      if ('existing' in outcome) {
        const existing = await findTransferIdByKey(db, fromUserId, key!);
        if (existing === null) throw new AppError('ORDER_FAILED');
        return replay(existing, fromUserId, input);
      }
      return asSeenBy((await findTransfer(db, outcome.id))!, fromUserId);
    },

    /** The caller's transfers, sent and received; `username` is the other side. */
    async list(userId: number, query: TransferListQuery) {
      const filter = new SqlFilter();
      if (query.direction === 'sent') filter.add('t.from_user_id = ?', userId);
      else if (query.direction === 'received') filter.add('t.to_user_id = ?', userId);
      else filter.add('(t.from_user_id = ? or t.to_user_id = ?)', userId, userId);
      if (query.username) {
        const pattern = likePattern(query.username);
        filter.add(
          `((t.from_user_id = ? and tu.username ilike ? escape '\\') or (t.to_user_id = ? and fu.username ilike ? escape '\\'))`,
          userId,
          pattern,
          userId,
          pattern,
        );
      }
      addTransferFilters(filter, { ...query, username: undefined }, []);
      const { list, total } = await listTransfers(db, filter, query);
      return paged(
        list.map((t) => asSeenBy(t, userId)),
        total,
        query,
      );
    },

    async listAll(query: AdminTransferListQuery) {
      const { list, total } = await listTransfers(
        db,
        addTransferFilters(new SqlFilter(), query, ['fu', 'tu']),
        query,
      );
      return paged(list, total, query);
    },

    exportAll: (query: Partial<AdminTransferFilter>) =>
      exportTransfers(db, addTransferFilters(new SqlFilter(), query, ['fu', 'tu']), TRANSFER_EXPORT_LIMIT),
  };
}
