import type { Db } from '../../db/client';

/** How often the campaigns of the batches in hand are looked up: a cancel stops their sends within this (plus one send). */
export const CANCEL_CHECK_MS = 200;

/**
 * Which campaigns of the batches a worker has in hand were cancelled. A cancel commits while a batch
 * is out: its messages already claimed (up to the loops' batches, a few thousand) are not the cancel's
 * to refund, and before this the worker went on sending them all. One query every `CANCEL_CHECK_MS`
 * for all of the process's batches (primary-key lookups), not one per message, so the send path only
 * reads a Set. A cancelled campaign stays cancelled, so what was seen is kept while any batch of it is
 * in hand.
 */
export class CancelWatch {
  private readonly inHand = new Map<number, number>();
  private readonly cancelled = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Watches these campaigns until the returned function is called (a batch's campaigns, while it is out). */
  watch(campaignIds: Iterable<number>): () => void {
    const ids = [...new Set(campaignIds)];
    for (const id of ids) this.inHand.set(id, (this.inHand.get(id) ?? 0) + 1);
    this.timer ??= setInterval(() => void this.check(), CANCEL_CHECK_MS);
    return () => {
      for (const id of ids) {
        const left = (this.inHand.get(id) ?? 1) - 1;
        if (left > 0) this.inHand.set(id, left);
        else {
          this.inHand.delete(id);
          this.cancelled.delete(id);
        }
      }
      if (!this.inHand.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  isCancelled(campaignId: number): boolean {
    return this.cancelled.has(campaignId);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async check() {
    if (this.checking) return;
    const ids = [...this.inHand.keys()].filter((id) => !this.cancelled.has(id));
    if (!ids.length) return;
    this.checking = true;
    try {
      const rows = await this.db.query<{ id: number }>(
        `select id from sms_campaigns where id = any($1::int[]) and status = 'cancelled'`,
        [ids],
        { prepare: 'mass-sms-cancelled' },
      );
      for (const row of rows) if (this.inHand.has(Number(row.id))) this.cancelled.add(Number(row.id));
    } catch (error) {
      this.onError(error);
    } finally {
      this.checking = false;
    }
  }
}
