import { USDT_TRC20_CONTRACT } from '@jiema/shared';
import { z } from 'zod';
import { ChainApiError, type ChainHttp } from './chain-http';
import { baseUnitsToMoney, type ChainTransfer, normaliseTronAddress, USDT_DECIMALS } from './usdt-transfer';

/**
 * TronGrid's `GET /v1/contracts/{contract}/events` (protocols.md §4.6) for the USDT contract:
 * solidified `Transfer` events in a block-time window, oldest first, page after page through
 * `meta.fingerprint` with the other parameters unchanged. One read costs one request per 200 events
 * of the whole chain, whoever they pay: what we pay for is the chain's volume, not our addresses.
 */

const ZEvent = z.object({
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  block_number: z.number().int().nonnegative(),
  block_timestamp: z.number().int().nonnegative(),
  contract_address: z.string(),
  event_name: z.string(),
  event_index: z.number().int().nonnegative(),
  result: z.record(z.string(), z.unknown()),
});

const PAGE_LIMIT = 200;
/** Pages per read in steady state; TronGrid lists at most about 1,000 items per window, then the window moves. */
const PAGES_PER_READ = 5;
/** A read never ends inside its first block, however many events that block has. */
const MAX_PAGES = 50;

export type EventsRead = {
  /** USDT transfers whose `to` is accepted by `isOurs`. */
  transfers: ChainTransfer[];
  /** The newest block time among all events read (ours or not); null when none. */
  newestBlockMs: number | null;
  /** Every event of the window was read; else the read stopped at `newestBlockMs` (partly read). */
  complete: boolean;
  /** Every block up to `newestBlockMs` was read whole, even when the read stopped before the present. */
  wholeBlocks: boolean;
  requests: number;
  events: number;
  /** Items that looked like USDT transfers but could not be read (kept out, counted for the log). */
  unreadable: number;
};

export function createContractEventsSource(http: ChainHttp) {
  return {
    /** Solidified USDT Transfer events with block time in [fromMs, toMs]. */
    async readConfirmed(
      window: { fromMs: number; toMs: number },
      isOurs: (addresses: string[]) => Promise<Set<string>>,
    ): Promise<EventsRead> {
      const params = new URLSearchParams({
        event_name: 'Transfer',
        only_confirmed: 'true',
        min_block_timestamp: String(window.fromMs),
        max_block_timestamp: String(window.toMs),
        order_by: 'block_timestamp,asc',
        limit: String(PAGE_LIMIT),
      });
      const path = `/v1/contracts/${USDT_TRC20_CONTRACT}/events`;
      const read: EventsRead = {
        transfers: [],
        newestBlockMs: null,
        complete: false,
        wholeBlocks: false,
        requests: 0,
        events: 0,
        unreadable: 0,
      };
      const seen = new Set<string>();
      let fingerprint: string | undefined;
      for (;;) {
        if (fingerprint) params.set('fingerprint', fingerprint);
        const page = await http.listPage(`${path}?${params}`);
        read.requests++;
        const candidates: ChainTransfer[] = [];
        for (const raw of page.data) {
          const item = ZEvent.safeParse(raw);
          if (!item.success) {
            read.unreadable++;
            continue;
          }
          const e = item.data;
          read.events++;
          read.newestBlockMs = Math.max(read.newestBlockMs ?? 0, e.block_timestamp);
          if (e.event_name !== 'Transfer' || normaliseTronAddress(e.contract_address) !== USDT_TRC20_CONTRACT)
            continue;
          const transfer = toTransfer(e);
          if (!transfer) {
            read.unreadable++;
            continue;
          }
          // The paging is no snapshot: an event can come again on the next page.
          const key = `${transfer.txId}:${transfer.eventIndex}`;
          if (seen.has(key)) continue;
          seen.add(key);
          candidates.push(transfer);
        }
        if (candidates.length > 0) {
          const ours = await isOurs([...new Set(candidates.map((c) => c.to))]);
          for (const c of candidates) if (ours.has(c.to)) read.transfers.push(c);
        }
        const next = page.meta?.fingerprint;
        if (!next || page.data.length === 0 || next === fingerprint) {
          read.complete = true;
          break;
        }
        fingerprint = next;
        const pastFirstBlock = (read.newestBlockMs ?? 0) > window.fromMs;
        if (read.requests >= MAX_PAGES || (read.requests >= PAGES_PER_READ && pastFirstBlock)) break;
      }
      if (!read.complete && read.requests >= MAX_PAGES && (read.newestBlockMs ?? 0) <= window.fromMs)
        throw new ChainApiError('bad_answer', 'one block has more events than can be paged');
      return read;
    },
  };
}

function toTransfer(e: z.infer<typeof ZEvent>): ChainTransfer | null {
  const r = e.result;
  const from = typeof r.from === 'string' ? normaliseTronAddress(r.from) : null;
  const to = typeof r.to === 'string' ? normaliseTronAddress(r.to) : null;
  const value = typeof r.value === 'string' ? r.value : typeof r.value === 'number' ? String(r.value) : null;
  if (!from || !to || value === null) return null;
  const amount = baseUnitsToMoney(value, USDT_DECIMALS);
  if (amount === null || amount === '0.000000' || from === to) return null;
  return {
    txId: e.transaction_id.toLowerCase(),
    eventIndex: e.event_index,
    blockNumber: e.block_number,
    from,
    to,
    amount,
    blockAt: new Date(e.block_timestamp),
    blockMs: e.block_timestamp,
  };
}

export type ContractEventsSource = ReturnType<typeof createContractEventsSource>;
