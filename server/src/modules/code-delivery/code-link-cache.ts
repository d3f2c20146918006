import type { Db } from '../../db/client';
import { createExactCache } from '../../lib/exact-cache';
import { type CodeLinkRow, readCodeLink } from './code-link.repository';
import { SMS_CHANNEL } from './sms-arrivals';

/** The channel migration 0071's triggers announce changes of what a code link reads on (payload: user ids). */
export const CODE_LINK_CHANNEL = 'jiema_code_link';

/**
 * Code link answers (the rows of `readCodeLink` without `after`) kept in memory per token while exact
 * (lib/exact-cache.ts): grouped by the link owner's user id, dropped when a trigger announces a change of
 * that user's rentals, orders, groups or code settings (`jiema_code_link`), an SMS of theirs
 * (`jiema_sms`, payload `rentalId:smsId:userId`), and after any write of this process. What depends on
 * the clock, the owner's window, is applied when answering (`withinWindow`), so a remembered answer never
 * shows an SMS the database would no longer give.
 */
export function createCodeLinkCache({ db, ttlMs }: { db: Db; ttlMs: number }) {
  const cache = createExactCache<CodeLinkRow[]>({
    db,
    channel: CODE_LINK_CHANNEL,
    ttlMs,
    alsoOn: [
      {
        channel: SMS_CHANNEL,
        groups: (payload) => {
          const userId = Number(payload.split(':')[2]);
          return Number.isInteger(userId) ? [userId] : null;
        },
      },
    ],
  });
  return {
    stats: cache.stats,
    start: () => cache.start(),
    stop: () => cache.stop(),
    /** The rows of a token as `readCodeLink(db, token, null)` would read them now. */
    async read(token: string): Promise<CodeLinkRow[]> {
      const rows = await cache.get(
        token,
        async () => {
          const read = await readCodeLink(db, token, null);
          return read.length > 0 ? read : null;
        },
        (found) => found[0]!.owner_id,
      );
      return rows ? withinWindow(rows, Date.now()) : [];
    },
  };
}
export type CodeLinkCache = ReturnType<typeof createCodeLinkCache>;

/**
 * The rows as of `now`: each number's SMS is the latest one inside the window (and after "another SMS"
 * for the plain formats) at the time of the read; if it has left the window since, every older one has
 * too, and a newer one would have dropped the entry, so the answer is "none".
 */
export function withinWindow(rows: CodeLinkRow[], now: number): CodeLinkRow[] {
  return rows.map((row) => {
    if (row.received_at === null || new Date(row.received_at).getTime() >= now - row.window_minutes * 60_000)
      return row;
    return { ...row, sms_id: null, code: null, text: null, sender: null, received_at: null };
  });
}
