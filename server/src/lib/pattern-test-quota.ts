import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client';
import { AppError } from './app-error';
import { countInWindow } from './rate-counter';

/**
 * A preHandler for the pattern testers (the customer's, the application form's, the admin tool's):
 * at most `perMinute` tests per user and minute, all testers together, counted in the database so
 * the limit holds across processes. A test runs typed patterns on typed text; its cost is bounded
 * (shared pattern-cost.ts), and this bounds how often one user pays it.
 */
export function patternTestQuota(db: Queryable, perMinute: number) {
  return async (request: FastifyRequest) => {
    const used = await countInWindow(db, `pattern-test:${request.user!.record.id}`, 60);
    if (used.count > perMinute) throw new AppError('RATE_LIMITED', { seconds: used.resetsInSeconds });
  };
}

export type PatternTestQuota = ReturnType<typeof patternTestQuota>;
