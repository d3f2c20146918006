import os from 'node:os';
import type { Db } from '../../db/client';
import { smppBindCounters } from '../../lib/metrics';
import { WithdrawnError } from '../smpp/errors';
import { backoffDelay } from '../smpp/flow-control';
import type { DeliveryReceipt } from '../smpp/receipt';
import { CancelWatch } from './cancel-watch';
import { keepClaimed } from './claim-lease';
import { type ConnectorRecord, listConnectorRecords, saveConnectorState } from './connectors.repository';
import { createHousekeeping } from './housekeeping';
import {
  type ClaimedMessage,
  claimDue,
  type RetryResult,
  recordRefused,
  recordRetry,
  type SentResult,
} from './queue.repository';
import { type ReceiptUpdate, retryStoredReceipts } from './receipts.repository';
import { ResultWriter } from './result-writer';
import { routeFor } from './routing';
import { SharedSendRate } from './send-rate';
import { createSender, SendError, type Sender } from './senders';
import { receiptUpdateOf } from './worker-receipts';

export type MassSmsWorkerOptions = {
  db: Db;
  /** Idle wait between claims when the queue had nothing due. */
  pollMs?: number;
  batchSize?: number;
  /** Claim loops in this process (each claims its own batch). */
  loops?: number;
  leaseSeconds?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  connectorsPollMs?: number;
  log?: { warn(obj: object, msg?: string): void; error?(obj: object, msg?: string): void };
};

/** How long a stored receipt whose message is not known yet is matched again (its submit may not be recorded yet). */
const RECEIPT_MATCH_WINDOW_MS = 120_000;
const RETRY_RECEIPTS_MS = 500;
/**
 * Sends a claim loop keeps going at once: its share of four times what the connectors take at once
 * (their windows), at least 32. Every message of a batch waiting for a window slot at once (1,000 per
 * loop) cost more in promises and collection: bench/mass-sms.mjs sent 8,600-9,000 msg/s so, and
 * 9,100-9,600 with 64-128 per loop.
 */
const SENDS_PER_CAPACITY = 4;
const MIN_SENDS_PER_LOOP = 32;
const MAINTAIN_MS = 1_000;

/**
 * The mass SMS worker: any number of processes run one; they share the queue (sms_outbound) through
 * SKIP LOCKED claims. Each process keeps its own bind to every enabled SMPP connector (SMSCs accept
 * several binds per account) and pushes HTTP connectors itself; delivery receipts, whichever bind or
 * webhook they arrive on, are matched in the database, so any process can apply any receipt.
 */
export class MassSmsWorker {
  private readonly options: Required<Omit<MassSmsWorkerOptions, 'log'>> & Pick<MassSmsWorkerOptions, 'log'>;
  private running = false;
  private readonly senders = new Map<number, { sender: Sender; key: string }>();
  private loops: Promise<void>[] = [];
  private timers: NodeJS.Timeout[] = [];
  private readonly results: ResultWriter;
  private retryingReceipts = false;
  private wake: (() => void) | null = null;
  private readonly holder = `${os.hostname()}:${process.pid}`;
  private readonly housekeeping: () => Promise<void>;
  private readonly cancels: CancelWatch;

  constructor(options: MassSmsWorkerOptions) {
    this.options = {
      pollMs: 500,
      batchSize: 500,
      loops: 4,
      leaseSeconds: 120,
      retryBaseMs: 5_000,
      retryMaxMs: 600_000,
      connectorsPollMs: 2_000,
      ...options,
    };
    this.housekeeping = createHousekeeping(options.db, (error) => this.warn(error, 'maintain'));
    this.cancels = new CancelWatch(options.db, (error) => this.warn(error, 'cancel check'));
    this.results = new ResultWriter(
      options.db,
      () => this.running,
      (error, what) => this.warn(error, what),
    );
  }

  get isRunning() {
    return this.running;
  }

  async start() {
    if (this.running) return;
    this.running = true;
    smppBindCounters.set('mass_sms', () => this.smppBindsUp());
    await this.refreshConnectors().catch((error) => this.warn(error, 'connectors'));
    this.timers.push(
      setInterval(
        () => void this.refreshConnectors().catch((e) => this.warn(e, 'connectors')),
        this.options.connectorsPollMs,
      ),
      setInterval(() => void this.housekeeping(), MAINTAIN_MS),
      setInterval(() => void this.retryReceipts(), RETRY_RECEIPTS_MS),
    );
    await this.housekeeping();
    for (let i = 0; i < this.options.loops; i++) this.loops.push(this.loop());
  }

  /** SMPP connectors of this process whose bind is up (the metrics' jiema_smpp_binds_up). */
  smppBindsUp(): number {
    let up = 0;
    for (const { sender } of this.senders.values())
      if (sender.connector.kind === 'smpp' && sender.available()) up += 1;
    return up;
  }

  /** Stops claiming, lets the batches in hand finish and be recorded, applies the receipts received, unbinds. */
  async stop() {
    if (!this.running) return;
    this.running = false;
    smppBindCounters.delete('mass_sms');
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.results.stopTimer();
    this.wake?.();
    await Promise.all(this.loops);
    this.loops = [];
    this.cancels.stop();
    await this.results.flush();
    await Promise.all([...this.senders.values()].map(({ sender }) => sender.stop().catch(() => undefined)));
    this.senders.clear();
    await this.results.flush();
  }

  /**
   * A receipt from an SMPP bind. Resolves once it is stored in the database (applied, or pending a
   * match): the deliver_sm_resp waits for this, so a crash after the answer loses no receipt.
   */
  receipt(update: ReceiptUpdate): Promise<void> {
    return this.results.receipt(update);
  }

  /** Receipts of this process's SMPP binds. */
  private readonly onSmppReceipt = async (connectorId: number, receipt: DeliveryReceipt) => {
    await this.receipt(receiptUpdateOf(connectorId, receipt));
  };

  private warn(error: unknown, what: string) {
    this.options.log?.warn(
      { err: error instanceof Error ? error.message : String(error) },
      `mass SMS worker: ${what}`,
    );
  }

  private async refreshConnectors() {
    const records = await listConnectorRecords(this.options.db, { enabledOnly: true });
    const seen = new Set<number>();
    for (const record of records) {
      seen.add(record.id);
      const key = connectorKey(record);
      const current = this.senders.get(record.id);
      if (current?.key === key) continue;
      if (current) await current.sender.stop().catch(() => undefined);
      const sender = createSender(
        record,
        this.onSmppReceipt,
        (state) => {
          void saveConnectorState(this.options.db, record.id, {
            ...state,
            holder: this.holder,
            updatedAt: new Date().toISOString(),
          }).catch(() => undefined);
        },
        // Every process binds the connector: its msg/s limit is held in the database, for all of them.
        record.throughputPerSecond > 0
          ? new SharedSendRate(this.options.db, record.id, record.throughputPerSecond)
          : undefined,
      );
      this.senders.set(record.id, { sender, key });
    }
    for (const [id, { sender }] of this.senders) {
      if (!seen.has(id)) {
        this.senders.delete(id);
        await sender.stop().catch(() => undefined);
      }
    }
  }

  private async loop() {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.tick();
      } catch (error) {
        this.warn(error, 'claim');
      }
      if (claimed < this.options.batchSize && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  /** Claims one batch, sends it, records the outcomes. Returns how many were claimed. */
  async tick(): Promise<number> {
    const senders = [...this.senders.values()].map((s) => s.sender);
    if (!senders.some((s) => s.available())) return 0;
    const batch = await claimDue(this.options.db, this.options.batchSize, this.options.leaseSeconds);
    if (!batch.length) return 0;
    const retries: RetryResult[] = [];
    const refused: { id: string; campaignId: number; error: string }[] = [];
    const unsent = new Map(batch.map((message) => [message.id, message]));
    const keepingClaims = keepClaimed(this.options.db, unsent, this.options.leaseSeconds, (error) =>
      this.warn(error, 'lease'),
    );
    // A cancel that commits while the batch is out stops what was not handed over yet; the worker
    // refunds those itself (the cancel leaves claimed messages alone).
    const unwatch = this.cancels.watch(batch.map((message) => message.campaignId));
    const stillWanted = new Map<number, () => boolean>();
    const wantedCheck = (campaignId: number) => {
      let check = stillWanted.get(campaignId);
      if (!check) {
        check = () => !this.cancels.isCancelled(campaignId);
        stillWanted.set(campaignId, check);
      }
      return check;
    };
    const capacity = senders.reduce((sum, sender) => sum + (sender.available() ? sender.capacity : 0), 0);
    const lanes = Math.min(
      batch.length,
      Math.max(MIN_SENDS_PER_LOOP, Math.ceil((SENDS_PER_CAPACITY * capacity) / this.options.loops)),
    );
    try {
      let next = 0;
      const sendNext = async () => {
        while (next < batch.length) {
          const message = batch[next++]!;
          // Its validity ran out while it waited for a lane (a slow connector): failed and refunded, not sent late.
          const outcome = this.cancels.isCancelled(message.campaignId)
            ? { transient: false as const, error: 'cancelled' }
            : message.expiresAt.getTime() <= Date.now()
              ? { transient: false as const, error: 'expired' }
              : await this.sendOne(senders, message, wantedCheck(message.campaignId));
          unsent.delete(message.id);
          // Recorded by the next flush, while the rest of the batch is still out: its receipt follows at once.
          if ('externalIds' in outcome) {
            this.results.sent(outcome);
          } else if (outcome.transient) retries.push(outcome.retry);
          else refused.push({ id: message.id, campaignId: message.campaignId, error: outcome.error });
        }
      };
      await Promise.all(Array.from({ length: lanes }, sendNext));
    } finally {
      keepingClaims.stop();
      unwatch();
    }
    await this.results.flush();
    await recordRetry(this.options.db, retries);
    await recordRefused(this.options.db, refused);
    return batch.length;
  }

  private async sendOne(
    senders: Sender[],
    message: ClaimedMessage,
    stillWanted: () => boolean,
  ): Promise<SentResult | { transient: true; retry: RetryResult } | { transient: false; error: string }> {
    const route = routeFor(senders, message.phone, message.lastConnectorId);
    const backoff = backoffDelay(message.attempts - 1, this.options.retryBaseMs, this.options.retryMaxMs);
    const sender = route[0];
    if (!sender) {
      return {
        transient: true,
        retry: {
          id: message.id,
          attempts: message.attempts,
          connectorId: null,
          error: 'no connector available',
          delayMs: backoff,
        },
      };
    }
    try {
      const result = await sender.send({
        id: message.id,
        to: message.phone,
        from: message.senderId || sender.connector.defaultSenderId,
        text: message.text,
        stillWanted,
      });
      return {
        id: message.id,
        attempts: message.attempts,
        connectorId: sender.connector.id,
        externalIds: result.externalIds,
        smpp: sender.connector.kind === 'smpp',
      };
    } catch (error) {
      // Its campaign was cancelled while it waited for the connector: nothing was sent, refunded.
      if (error instanceof WithdrawnError) return { transient: false, error: 'cancelled' };
      const transient = error instanceof SendError ? error.transient : true;
      const text = (error as Error).message;
      if (!transient) return { transient: false, error: text };
      // Another connector serves this number: fail over at once; else wait the backoff.
      return {
        transient: true,
        retry: {
          id: message.id,
          attempts: message.attempts,
          connectorId: sender.connector.id,
          error: text,
          delayMs: route.length > 1 ? 0 : backoff,
        },
      };
    }
  }

  /** Stored receipts not matched yet, whichever process stored them. */
  private async retryReceipts() {
    if (this.retryingReceipts) return;
    this.retryingReceipts = true;
    try {
      while ((await retryStoredReceipts(this.options.db, RECEIPT_MATCH_WINDOW_MS)) >= 5000 && this.running);
    } catch (error) {
      this.warn(error, 'receipts');
    } finally {
      this.retryingReceipts = false;
    }
  }
}

const connectorKey = (c: ConnectorRecord) =>
  JSON.stringify([
    c.kind,
    c.config,
    c.password,
    c.priority,
    c.prefixes,
    c.throughputPerSecond,
    c.defaultSenderId,
    c.enabled,
  ]);
