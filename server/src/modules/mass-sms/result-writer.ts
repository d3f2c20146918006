import type { Db } from '../../db/client';
import { massSmsMessages, massSmsReceipts } from '../../lib/metrics';
import { recordSent, type SentResult } from './queue.repository';
import { type ReceiptUpdate, storeReceipts } from './receipts.repository';
import { finalsWithTheirSubmit } from './worker-receipts';

/**
 * Submit results and receipts in hand are written together, in one transaction, this long after the
 * first of them arrives, and again as soon as that write is done if more came meanwhile (so a write
 * takes what arrived during the last one). Writing every 20 ms was slower (bench/mass-sms.mjs: 7,000
 * against 9,000 msg/s): each write then prepared more rows at once, and while it held the event loop
 * the bind's responses waited, the window emptied and the SMSC sat idle.
 */
const FLUSH_GATHER_MS = 2;
/** A write that failed is tried again this much later (the database is down or restarting). */
const FLUSH_RETRY_MS = 1_000;

type ReceivedReceipt = { update: ReceiptUpdate; stored: () => void };

/** The mass SMS worker's writes of what its sends and binds report: submit results and delivery receipts. */
export class ResultWriter {
  private receipts: ReceivedReceipt[] = [];
  private sentResults: SentResult[] = [];
  private flushing: Promise<void> | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private nextFlush: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    /** While false (the worker is stopping), nothing is written on a timer: the worker flushes itself. */
    private readonly running: () => boolean,
    private readonly warn: (error: unknown, what: string) => void,
  ) {}

  /** A submit result, written shortly. */
  sent(result: SentResult) {
    this.sentResults.push(result);
    this.flushSoon();
  }

  /** A receipt; resolves once it is stored in the database (applied, or pending a match). */
  receipt(update: ReceiptUpdate): Promise<void> {
    return new Promise((stored) => {
      this.receipts.push({ update, stored });
      this.flushSoon();
    });
  }

  stopTimer() {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
  }

  /** Writes what is in hand shortly, unless a write is already due or running (it writes the rest next). */
  private flushSoon(delayMs = FLUSH_GATHER_MS) {
    // Once stopping, stop() writes what is left itself.
    if (this.flushTimer || this.flushing || !this.running()) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, delayMs);
  }

  /**
   * Writes the submit results and the receipts in hand in one transaction: the results first, so a
   * receipt that follows its submit_sm_resp (the usual order on a bind) matches at once. Resolves when
   * everything queued before the call is written (a write that fails is retried by the next flush).
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.nextFlush ??= this.flushing.then(() => {
        this.nextFlush = null;
        return this.flush();
      });
      return this.nextFlush;
    }
    if (!this.sentResults.length && !this.receipts.length) return Promise.resolve();
    const sent = this.sentResults;
    const receipts = this.receipts;
    this.sentResults = [];
    this.receipts = [];
    this.flushing = (async () => {
      let failed = false;
      try {
        const updates = receipts.map((r) => r.update);
        const early = finalsWithTheirSubmit(sent, updates);
        const recorded = await this.db.transaction(async (tx) => {
          const recorded = await recordSent(tx, sent, early.finals);
          // Kept on their message by recordSent; a row not recorded (its claim lost) leaves its receipt
          // to the general path.
          const rest = updates.filter((_, n) => {
            const match = early.matches.get(n);
            return !match || !recorded.has(match.message_id);
          });
          await storeReceipts(tx, rest);
          return recorded;
        });
        for (const r of receipts) r.stored();
        massSmsMessages.inc({ outcome: 'sent' }, recorded.size);
        for (const update of updates)
          if (update.outcome !== 'sent') massSmsReceipts.inc({ outcome: update.outcome });
      } catch (error) {
        failed = true;
        this.warn(error, 'record');
        this.sentResults.unshift(...sent);
        this.receipts.unshift(...receipts);
      } finally {
        this.flushing = null;
        if (this.sentResults.length || this.receipts.length)
          this.flushSoon(failed ? FLUSH_RETRY_MS : FLUSH_GATHER_MS);
      }
    })();
    return this.flushing;
  }
}
