import type { Db } from '../../db/client';

const WINDOW_MS = 60_000;
/** A process takes this share of a link's minute at a time (at least 1), and spends it from memory. */
const SHARES_PER_WINDOW = 20;

type Local = { window: number; left: number; exhausted: boolean; leasing: Promise<void> | null };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; limit: number };

/**
 * A per-link limit of requests per minute that holds across server processes: the count lives in
 * `code_link_allowances`, where a process takes a share of the minute's allowance under a row lock
 * (never more than the limit in total, whatever the number of processes), then spends it from memory
 * without a round trip. Shares a process took and did not spend are lost for the minute: the limit can
 * bite slightly early with several processes, never late.
 */
export function createLinkRateLimiter({ db, limitPerMinute }: { db: Db; limitPerMinute: number }) {
  const share = Math.max(1, Math.ceil(limitPerMinute / SHARES_PER_WINDOW));
  const locals = new Map<string, Local>();
  let sweptWindow = 0;

  const lease = async (link: string, local: Local) => {
    const windowStart = new Date(local.window * WINDOW_MS).toISOString();
    const granted = await db.transaction(async (tx) => {
      await tx.query(
        `insert into code_link_allowances (link, window_start, used) values ($1, $2, 0)
         on conflict (link, window_start) do nothing`,
        [link, windowStart],
      );
      const [row] = await tx.query<{ used: number }>(
        'select used from code_link_allowances where link = $1 and window_start = $2 for update',
        [link, windowStart],
      );
      const take = Math.min(share, limitPerMinute - (row?.used ?? limitPerMinute));
      if (take > 0) {
        await tx.query(
          'update code_link_allowances set used = used + $3 where link = $1 and window_start = $2',
          [link, windowStart, take],
        );
      }
      return Math.max(0, take);
    });
    if (granted === 0) local.exhausted = true;
    local.left += granted;
  };

  const sweep = (window: number) => {
    if (sweptWindow === window) return;
    sweptWindow = window;
    for (const [link, local] of locals) if (local.window < window) locals.delete(link);
    void db
      .query("delete from code_link_allowances where window_start < now() - interval '5 minutes'")
      .catch(() => undefined);
  };

  return {
    limit: limitPerMinute,
    /** Counts one request of `link` ('rental:12'…) and says whether it may go on. */
    async take(link: string): Promise<RateDecision> {
      for (;;) {
        const now = Date.now();
        const window = Math.floor(now / WINDOW_MS);
        sweep(window);
        let local = locals.get(link);
        if (!local || local.window !== window) {
          local = { window, left: 0, exhausted: false, leasing: null };
          locals.set(link, local);
        }
        if (local.left > 0) {
          local.left -= 1;
          return { allowed: true };
        }
        if (local.exhausted) {
          const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
          return { allowed: false, retryAfterSeconds, limit: limitPerMinute };
        }
        const current = local;
        current.leasing ??= lease(link, current).finally(() => {
          current.leasing = null;
        });
        await current.leasing;
      }
    },
  };
}
