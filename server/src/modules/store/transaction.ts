import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pgError } from '../catalog/sql';

/** Deadlock detected, serialization failure: the database aborted us, and the same work may simply be tried again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/** The database aborted the work for a conflict with another transaction; trying again may succeed. */
export const abortedForConflict = (error: unknown) => {
  const code = pgError(error).code;
  return code !== null && RETRYABLE.has(code);
};

/**
 * One transaction of the SMS center, tried again when the database aborted it for a conflict; if
 * that keeps happening the caller gets spec §8's "order failed, try again later", never a 500.
 */
export async function storeTransaction<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (!abortedForConflict(error)) throw error;
      if (attempt >= ATTEMPTS) throw new AppError('ORDER_FAILED');
    }
  }
}
