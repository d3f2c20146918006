import type { Db } from '../../db/client';

/**
 * Requests per API key and second, limited across every server process: the database counts them
 * in chunks (`compat_take_chunk`, migration 0030), and a process spends a chunk it took locally,
 * so a runaway polling loop costs one statement per chunk, not per request. Never more than
 * `perSecond` requests of one key in one second pass, in all processes together; a chunk left over
 * in one process may make another refuse a little early, never late. `perSecond` 0 = no limit.
 */
export function createRateLimiter({ db, perSecond }: { db: Db; perSecond: number }) {
  // About ten chunks a second: few statements, little stranded in any one process.
  const chunkSize = Math.max(1, Math.floor(perSecond / 10));
  const maxChunks = Math.floor(perSecond / chunkSize);
  const budgets = new Map<number, { second: number; left: number }>();
  let sweepAt = 0;

  const forget = (second: number) => {
    if (second < sweepAt) return;
    sweepAt = second + 10;
    for (const [key, b] of budgets) if (b.second < second) budgets.delete(key);
    // Old windows are of no use to anyone; removed now and then by whichever process passes.
    void db
      .query('delete from compat_rate_windows where window_second < $1', [second - 60])
      .catch(() => undefined);
  };

  return {
    /** True when this request may go ahead. */
    async allow(userId: number): Promise<boolean> {
      if (perSecond <= 0) return true;
      const second = Math.floor(Date.now() / 1000);
      forget(second);
      const budget = budgets.get(userId);
      if (budget && budget.second === second && budget.left > 0) {
        budget.left -= 1;
        return true;
      }
      if (budget && budget.second === second && budget.left === -1) return false;
      const rows = await db.query<{ ok: boolean }>(
        'select compat_take_chunk($1, $2, $3) as ok',
        [userId, second, maxChunks],
        {
          prepare: 'compat-take-chunk',
        },
      );
      const current = budgets.get(userId);
      const b = current && current.second === second ? current : { second, left: 0 };
      // Requests of this key that waited at the same time each took a chunk: they add up.
      if (rows[0]?.ok === true) b.left = Math.max(b.left, 0) + chunkSize;
      budgets.set(userId, b);
      if (b.left > 0) {
        b.left -= 1;
        return true;
      }
      // The second's chunks are gone: refused without asking again until the next second.
      b.left = -1;
      return false;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
