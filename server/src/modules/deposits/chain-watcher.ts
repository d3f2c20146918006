import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { noteUnconfirmedTransfer, type SettleOutcome, settleConfirmedTransfer } from './deposit-crediting';
import { markDroppedDeposits } from './deposits.repository';
import { expireDueOrders } from './recharge-orders.repository';
import { createRequestBudget } from './request-budget';
import {
  type ClaimedAddress,
  claimAddresses,
  ensureScanState,
  finalTxIds,
  finishScan,
  recordRound,
  releaseScan,
} from './scan-state.repository';
import { ChainApiError, createTronGridClient } from './trongrid-client';

type WatcherConfig = Pick<
  Config,
  | 'trongridUrl'
  | 'trongridApiKey'
  | 'tronPollIntervalMs'
  | 'trongridRps'
  | 'tronScanOverlapMs'
  | 'rechargeMinAmount'
>;

export type RoundResult = {
  scanned: number;
  credited: number;
  unmatched: number;
  seen: number;
  error: string | null;
};

/** Requests in flight at once; the budget spaces them anyway, this only overlaps their latency. */
const CONCURRENCY = 8;
/** Unconfirmed transfers are looked for in the last few minutes only (solidifying takes about one). */
const UNCONFIRMED_WINDOW_MS = 10 * 60_000;
/** A transfer seen unsolidified and still not solidified after this long was dropped. */
const DROPPED_AFTER_MINUTES = 60;

/**
 * The USDT-TRC20 chain watcher (issue 10). Each round claims the addresses that are due, as many as
 * the request budget allows in one polling interval, reads each one's solidified incoming transfers
 * since its cursor minus the overlap window (and, for addresses whose owner is looking, the
 * unsolidified ones), credits each new transaction id once, then moves the cursor. Safe with any
 * number of processes: leases split the addresses, and the unique transaction id plus the row lock in
 * `settleConfirmedTransfer` make a transfer read twice (restart, overlap, two watchers) pay once.
 */
export function createChainWatcher(options: {
  db: Db;
  config: WatcherConfig;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
  /** The longest pause after failures (60 s; tests shorten it). */
  maxBackoffMs?: number;
}) {
  const { db, config, log } = options;
  const budget = createRequestBudget(config.trongridRps, options.maxBackoffMs);
  const stopping = new AbortController();
  const client = createTronGridClient({
    baseUrl: config.trongridUrl,
    apiKey: config.trongridApiKey,
    beforeRequest: budget.take,
    fetchImpl: options.fetchImpl,
    signal: stopping.signal,
  });
  /** What was last logged about the API, so an outage is one line, not one per round. */
  let reported: string | null = null;

  async function scanAddress(a: ClaimedAddress, result: RoundResult): Promise<void> {
    const nowMs = Date.now();
    const since = Math.max(0, (a.cursor_ms ?? a.created_ms) - config.tronScanOverlapMs);
    const confirmed = await client.incomingTransfers(a.address, {
      minMs: since,
      maxMs: nowMs,
      confirmed: true,
    });
    budget.succeeded();
    const settled = await finalTxIds(
      db,
      confirmed.map((t) => t.txId),
    );
    let newest: number | null = null;
    for (const transfer of confirmed) {
      newest = Math.max(newest ?? 0, transfer.blockMs);
      if (settled.has(transfer.txId)) continue;
      const outcome: SettleOutcome = await db.transaction((tx) =>
        settleConfirmedTransfer(tx, transfer, config.rechargeMinAmount),
      );
      if (outcome === 'credited') result.credited++;
      if (outcome === 'unmatched') result.unmatched++;
    }
    if (a.hot) {
      const pending = await client.incomingTransfers(a.address, {
        minMs: Math.max(since, nowMs - UNCONFIRMED_WINDOW_MS),
        maxMs: nowMs,
        confirmed: false,
      });
      for (const transfer of pending) {
        if (settled.has(transfer.txId)) continue;
        await noteUnconfirmedTransfer(db, transfer, config.rechargeMinAmount);
        result.seen++;
      }
    }
    await finishScan(db, a.address_id, newest, config.tronPollIntervalMs);
    result.scanned++;
  }

  function report(error: string | null) {
    if (error === null) {
      if (reported !== null)
        log.info(`TronGrid reachable again at ${config.trongridUrl}: deposits are detected`);
      reported = null;
      return;
    }
    const kind = error.split(':')[0]!;
    if (reported === kind) return;
    reported = kind;
    log.warn(
      `TronGrid at ${config.trongridUrl} ${kind === 'unreachable' ? 'cannot be reached' : 'fails'} (${error}): ` +
        'USDT deposits are not detected until it answers; retrying with backoff, everything else works',
    );
  }

  async function runRound(round: { all?: boolean; ignoreLeases?: boolean } = {}): Promise<RoundResult> {
    const started = Date.now();
    const result: RoundResult = { scanned: 0, credited: 0, unmatched: 0, seen: 0, error: null };
    await ensureScanState(db);
    await expireDueOrders(db);
    await markDroppedDeposits(db, DROPPED_AFTER_MINUTES);
    const capacity = Math.max(1, Math.floor((config.trongridRps * config.tronPollIntervalMs) / 1000));
    const claimed = await claimAddresses(db, {
      limit: round.all ? 1_000_000 : capacity,
      leaseSeconds: Math.max(60, (3 * config.tronPollIntervalMs) / 1000),
      all: round.all ?? false,
      ignoreLeases: round.ignoreLeases ?? false,
    });
    const queue = [...claimed];
    const unscanned: number[] = [];
    const worker = async () => {
      for (let a = queue.shift(); a; a = queue.shift()) {
        if (result.error !== null || stopping.signal.aborted) {
          unscanned.push(a.address_id);
          continue;
        }
        try {
          await scanAddress(a, result);
        } catch (error) {
          unscanned.push(a.address_id);
          if (error instanceof ChainApiError) {
            result.error ??= `${error.kind}: ${error.message}`;
            if (error.kind !== 'bad_answer') budget.backOff(error.retryAfterMs);
          } else if (!stopping.signal.aborted) {
            result.error ??= `failing: ${(error as Error).message}`;
            log.error({ err: error, address: a.address }, 'deposit scan failed');
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
    await releaseScan(db, unscanned);
    if (claimed.length > 0 || result.error !== null) {
      await recordRound(db, {
        ok: result.error === null,
        error: result.error,
        ms: Date.now() - started,
        addresses: result.scanned,
      });
    }
    report(result.error);
    return result;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  return {
    runRound,
    /** Rounds every polling interval (later while the API asked us to back off) until `stop()`. */
    start() {
      const tick = () => {
        if (stopping.signal.aborted) return;
        const began = Date.now();
        running = runRound()
          .catch((error) => {
            if (!stopping.signal.aborted) log.error({ err: error }, 'deposit watcher round failed');
          })
          .finally(() => {
            running = null;
            if (stopping.signal.aborted) return;
            const wait = Math.max(
              0,
              began + config.tronPollIntervalMs - Date.now(),
              budget.pausedUntil() - Date.now(),
            );
            timer = setTimeout(tick, wait);
          });
      };
      timer = setTimeout(tick, 0);
    },
    /** Stops after the request in flight (aborted) and the database work of the round. */
    async stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>;
