import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ChainApiError, createChainHttp } from './chain-http';
import { createContractEventsSource } from './contract-events';
import { noteUnconfirmedTransfer, type SettleOutcome, settleConfirmedTransfer } from './deposit-crediting';
import { markDroppedDeposits } from './deposits.repository';
import { expireDueOrders } from './recharge-orders.repository';
import { createRequestBudget } from './request-budget';
import {
  advanceCursor,
  claimCursor,
  hasAddresses,
  ourAddresses,
  recordRound,
  releaseCursor,
  settledEvents,
  takeWatchedAddress,
} from './scan-state.repository';
import { createSolidityNodeSource } from './solidity-node-events';
import { unconfirmedIncoming } from './trongrid-client';

type WatcherConfig = Pick<
  Config,
  | 'trongridUrl'
  | 'trongridApiKey'
  | 'tronChainSource'
  | 'tronNodeUrl'
  | 'tronPollIntervalMs'
  | 'trongridRps'
  | 'tronScanOverlapMs'
  | 'rechargeMinAmount'
>;

export type RoundResult = {
  credited: number;
  unmatched: number;
  seen: number;
  /** Transfer events of the whole chain read this round (ours or not). */
  events: number;
  requests: number;
  /** The read stopped before the present (catching up): the next round follows at once. */
  behind: boolean;
  /** False when another process holds the cursor's lease. */
  read: boolean;
  error: string | null;
};

/** Unsolidified transfers are looked for in the last few minutes only (solidifying takes about one). */
const UNCONFIRMED_WINDOW_MS = 10 * 60_000;
/** A seen transfer nobody reads the chain for is called dropped after this long. */
const DROPPED_AFTER_MINUTES = 60;
/** With no address at all, the cursor follows the clock this far behind (solidifying takes about a minute). */
const IDLE_CURSOR_LAG_MS = 5 * 60_000;
/** At most one look at a watched address's unsolidified transfers per this long, whoever is looking. */
const PEEK_SPACING_MS = 15_000;

/**
 * The USDT-TRC20 chain watcher. Each round follows the USDT contract's solidified Transfer events
 * forward from one persisted cursor (a block time), settles those whose `to` is one of our addresses
 * (one indexed lookup per page), then moves the cursor to the newest block read. Its requests depend on
 * the chain's USDT volume and the polling interval, never on how many addresses we have. After downtime
 * it reads the missed blocks round after round, as fast as the request budget allows, and never skips
 * one. Safe with any number of processes: one holds the cursor's lease, and (transaction id, event
 * index) plus the row lock in `settleConfirmedTransfer` make an event read twice pay once.
 */
export function createChainWatcher(options: {
  db: Db;
  config: WatcherConfig;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
  /** The longest pause after failures (60 s; tests shorten it). */
  maxBackoffMs?: number;
  /** Unsolidified looks at most this often (tests and benchmarks shorten it). */
  peekSpacingMs?: number;
}) {
  const { db, config, log } = options;
  const owner = randomUUID();
  const budget = createRequestBudget(config.trongridRps, options.maxBackoffMs);
  const stopping = new AbortController();
  const fromNode = config.tronChainSource === 'solidity';
  const http = createChainHttp({
    baseUrl: fromNode ? (config.tronNodeUrl ?? config.trongridUrl) : config.trongridUrl,
    apiKey: config.trongridApiKey,
    beforeRequest: budget.take,
    fetchImpl: options.fetchImpl,
    signal: stopping.signal,
  });
  const events = fromNode ? createSolidityNodeSource(http) : createContractEventsSource(http);
  const peekSpacingMs = options.peekSpacingMs ?? PEEK_SPACING_MS;
  let lastPeekAt = 0;
  /** What was last logged about the API, so an outage is one line, not one per round. */
  let reported: string | null = null;
  const isOurs = (addresses: string[]) => ourAddresses(db, addresses);

  /** Reads the solidified events after the cursor and settles ours; returns whether it is behind. */
  async function readChain(cursorMs: number, result: RoundResult) {
    const nowMs = Date.now();
    if (!(await hasAddresses(db))) {
      // Nothing can be ours yet: no request at all. The cursor stays well behind the solidified head
      // (about a minute behind the clock), so a block made before an address is added is still read.
      await advanceCursor(db, nowMs - IDLE_CURSOR_LAG_MS - config.tronScanOverlapMs);
      return;
    }
    const fromMs = Math.max(0, cursorMs - config.tronScanOverlapMs);
    const read = await events.readConfirmed({ fromMs, toMs: nowMs }, isOurs);
    budget.succeeded();
    result.events += read.events;
    result.requests += read.requests;
    if (read.unreadable > 0)
      log.warn(
        `${read.unreadable} USDT transfer event(s) could not be read (malformed or impossible amounts)`,
      );
    // Re-read events (an overlap, a restart, a second watcher) cost one query for the page, not a transaction each.
    const settled = await settledEvents(db, read.transfers);
    for (const transfer of read.transfers) {
      if (settled.has(`${transfer.txId}:${transfer.eventIndex}`)) continue;
      const outcome: SettleOutcome = await db.transaction((tx) =>
        settleConfirmedTransfer(
          tx,
          { ...transfer, eventIndex: transfer.eventIndex! },
          config.rechargeMinAmount,
        ),
      );
      if (outcome === 'credited') result.credited++;
      if (outcome === 'unmatched') result.unmatched++;
    }
    // A block is solidified whole: read to the end, the newest one is done (the next read starts
    // after it); a read that stopped inside a block starts at that block again.
    const newCursor =
      read.newestBlockMs === null
        ? cursorMs
        : read.complete || read.wholeBlocks
          ? read.newestBlockMs + 1
          : read.newestBlockMs;
    await advanceCursor(db, newCursor);
    await markDroppedDeposits(db, Math.max(cursorMs, newCursor), DROPPED_AFTER_MINUTES);
    result.behind = !read.complete;
  }

  /**
   * One look at the unsolidified transfers of an address whose owner is looking ("seen"). TronGrid's
   * v1 API only: a node's solidity API knows solidified blocks alone, so with it a deposit shows once
   * it is credited (about a minute after the transfer).
   */
  async function peek(result: RoundResult) {
    if (fromNode) return;
    const nowMs = Date.now();
    if (nowMs - lastPeekAt < peekSpacingMs) return;
    const address = await takeWatchedAddress(db);
    if (!address) return;
    lastPeekAt = nowMs;
    const pending = await unconfirmedIncoming(http, address, nowMs - UNCONFIRMED_WINDOW_MS);
    result.requests++;
    for (const transfer of pending) {
      await noteUnconfirmedTransfer(db, transfer, config.rechargeMinAmount);
      result.seen++;
    }
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

  async function runRound(round: { ignoreLeases?: boolean } = {}): Promise<RoundResult> {
    const started = Date.now();
    const result: RoundResult = {
      credited: 0,
      unmatched: 0,
      seen: 0,
      events: 0,
      requests: 0,
      behind: false,
      read: false,
      error: null,
    };
    await expireDueOrders(db);
    try {
      const cursorMs = await claimCursor(db, {
        owner,
        leaseSeconds: Math.max(60, (3 * config.tronPollIntervalMs) / 1000),
        ignoreLease: round.ignoreLeases ?? false,
      });
      if (cursorMs !== null) {
        result.read = true;
        await readChain(cursorMs, result);
      }
      await peek(result);
    } catch (error) {
      if (error instanceof ChainApiError) {
        result.error = `${error.kind}: ${error.message}`;
        if (error.kind !== 'bad_answer') budget.backOff(error.retryAfterMs);
      } else if (!stopping.signal.aborted) {
        result.error = `failing: ${(error as Error).message}`;
        log.error({ err: error }, 'deposit watcher round failed');
      }
    }
    if (result.read || result.error !== null) {
      await recordRound(db, {
        ok: result.error === null,
        error: result.error,
        ms: Date.now() - started,
        events: result.events,
      });
    }
    report(result.error);
    return result;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  return {
    runRound,
    /** Rounds every polling interval (at once while catching up, later while backing off) until `stop()`. */
    start() {
      const tick = () => {
        if (stopping.signal.aborted) return;
        const began = Date.now();
        let behind = false;
        running = runRound()
          .then((r) => {
            behind = r.behind && r.error === null;
          })
          .catch((error) => {
            if (!stopping.signal.aborted) log.error({ err: error }, 'deposit watcher round failed');
          })
          .finally(() => {
            running = null;
            if (stopping.signal.aborted) return;
            const wait = Math.max(
              0,
              behind ? 0 : began + config.tronPollIntervalMs - Date.now(),
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
      await releaseCursor(db, owner).catch(() => undefined);
    },
  };
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>;
