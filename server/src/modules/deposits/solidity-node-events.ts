import { USDT_TRC20_CONTRACT } from '@jiema/shared';
import { z } from 'zod';
import { ChainApiError, type ChainHttp } from './chain-http';
import type { EventsRead } from './contract-events';
import {
  accountIdHex,
  baseUnitsToMoney,
  type ChainTransfer,
  normaliseTronAddress,
  USDT_DECIMALS,
} from './usdt-transfer';

/**
 * A full node's solidity API (java-tron's `/walletsolidity/...`, an operator's own node or TronGrid's)
 * as the chain watcher's source: the solidified head, then every block after the cursor, one request
 * per block (`gettransactioninfobyblocknum`: each transaction's logs), the USDT `Transfer` logs kept.
 * Its requests are the chain's blocks (28,800 a day), never our addresses. Same answer shape as the
 * contract-events source, so the watcher settles both alike; the event index is the log's position in
 * its transaction, as TronGrid numbers its events.
 */

/** keccak256("Transfer(address,address,uint256)"): topic 0 of every ERC-20/TRC-20 Transfer log. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const USDT_ACCOUNT_ID = accountIdHex(USDT_TRC20_CONTRACT);
/** TRON makes a block every 3 s at most (a missed slot makes a longer gap, never a shorter one). */
const BLOCK_MS = 3000;
/** Blocks per read: a minute of chain; catching up reads on at once, at the request budget's pace. */
const BLOCKS_PER_READ = 20;

const ZHeader = z.object({
  block_header: z.object({
    raw_data: z.object({ number: z.number().int().nonnegative().default(0), timestamp: z.number().int() }),
  }),
});
const ZLog = z.object({
  address: z.string().optional(),
  topics: z.array(z.string()).optional(),
  data: z.string().optional(),
});
const ZTransactionInfo = z.object({
  id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  blockNumber: z.number().int().nonnegative().optional(),
  blockTimeStamp: z.number().int().nonnegative().optional(),
  result: z.string().optional(),
  receipt: z.object({ result: z.string().optional() }).optional(),
  log: z.array(ZLog).optional(),
});

type Block = { number: number; ms: number };

export function createSolidityNodeSource(http: ChainHttp) {
  /** The last block read, so the next read starts after it without looking for it. */
  let lastRead: Block | null = null;
  /** Requests of this read, and the block times learnt from headers on the way. */
  let requests = 0;
  const knownMs = new Map<number, number>();

  async function header(path: string, body: object): Promise<Block | null> {
    requests++;
    const answer = await http.call(path, body);
    // A block the node does not have (yet) is `{}`.
    if (answer && typeof answer === 'object' && Object.keys(answer).length === 0) return null;
    const parsed = ZHeader.safeParse(answer);
    if (!parsed.success) throw new ChainApiError('bad_answer', `unexpected answer from ${path}`);
    const raw = parsed.data.block_header.raw_data;
    knownMs.set(raw.number, raw.timestamp);
    return { number: raw.number, ms: raw.timestamp };
  }

  const solidifiedHead = async (): Promise<Block> => {
    const head = await header('/walletsolidity/getnowblock', {});
    if (!head) throw new ChainApiError('bad_answer', 'the node has no solidified block');
    return head;
  };
  const blockAt = (num: number) => header('/walletsolidity/getblockbynum', { num });

  /**
   * The first block whose time is at or after `fromMs` (the head bounds it). Blocks are at least 3 s
   * apart, so counting back 3 s a block never lands after it; then a binary search between a block
   * before `fromMs` and the head: a few dozen requests after a year's downtime, none in steady state.
   */
  async function firstBlockFrom(fromMs: number, head: Block): Promise<number> {
    if (lastRead && fromMs === lastRead.ms + 1) return lastRead.number + 1;
    let low = Math.max(0, head.number - Math.ceil((head.ms - fromMs) / BLOCK_MS));
    let step = 1;
    for (;;) {
      const block = await blockAt(low);
      if (!block || block.ms < fromMs || low === 0) break;
      low = Math.max(0, low - step);
      step *= 2;
    }
    let high = head.number; // head.ms >= fromMs
    while (low + 1 < high) {
      const middle = Math.floor((low + high) / 2);
      const block = await blockAt(middle);
      if (block && block.ms >= fromMs) high = middle;
      else low = middle;
    }
    const first = await blockAt(low);
    return first && first.ms >= fromMs ? low : high;
  }

  async function transfersOf(
    num: number,
    read: EventsRead,
  ): Promise<{ transfers: ChainTransfer[]; ms: number | null }> {
    requests++;
    const answer = await http.call('/walletsolidity/gettransactioninfobyblocknum', { num });
    // A block without transactions is `{}` (or `[]`).
    const list = Array.isArray(answer) ? answer : [];
    const transfers: ChainTransfer[] = [];
    let ms: number | null = null;
    for (const raw of list) {
      const info = ZTransactionInfo.safeParse(raw);
      if (!info.success) {
        read.unreadable++;
        continue;
      }
      const tx = info.data;
      if (tx.blockTimeStamp !== undefined) ms = Math.max(ms ?? 0, tx.blockTimeStamp);
      // A failed transaction moved nothing, whatever it logged.
      if (tx.result === 'FAILED' || (tx.receipt?.result && tx.receipt.result !== 'SUCCESS')) continue;
      (tx.log ?? []).forEach((log, eventIndex) => {
        if (!isUsdtTransfer(log)) return;
        read.events++;
        const transfer = toTransfer(tx.id, eventIndex, num, tx.blockTimeStamp ?? 0, log);
        if (transfer) transfers.push(transfer);
        else read.unreadable++;
      });
    }
    return { transfers, ms };
  }

  return {
    /** Solidified USDT Transfer logs of the blocks with time in [fromMs, toMs], oldest first. */
    async readConfirmed(
      window: { fromMs: number; toMs: number },
      isOurs: (addresses: string[]) => Promise<Set<string>>,
    ): Promise<EventsRead> {
      const read: EventsRead = {
        transfers: [],
        newestBlockMs: null,
        complete: false,
        wholeBlocks: true,
        requests: 0,
        events: 0,
        unreadable: 0,
      };
      requests = 0;
      knownMs.clear();
      try {
        const head = await solidifiedHead();
        if (head.ms < window.fromMs) {
          read.complete = true;
          return read;
        }
        const first = await firstBlockFrom(window.fromMs, head);
        const last = Math.min(head.number, first + BLOCKS_PER_READ - 1);
        let previous: Block | null = lastRead && lastRead.number === first - 1 ? lastRead : null;
        for (let num = first; num <= last; num++) {
          const block = await transfersOf(num, read);
          // An empty block says nothing of its time: 3 s after the one before is never later than it was.
          const ms = block.ms ?? knownMs.get(num) ?? (previous ? previous.ms + BLOCK_MS : window.fromMs);
          previous = { number: num, ms };
          read.newestBlockMs = ms;
          const candidates = block.transfers.map((t) => ({ ...t, blockMs: ms, blockAt: new Date(ms) }));
          if (candidates.length > 0) {
            const ours = await isOurs([...new Set(candidates.map((c) => c.to))]);
            for (const c of candidates) if (ours.has(c.to)) read.transfers.push(c);
          }
        }
        lastRead = previous;
        read.complete = last === head.number;
        return read;
      } finally {
        read.requests = requests;
      }
    },
  };
}

function isUsdtTransfer(log: z.infer<typeof ZLog>): boolean {
  const address = (log.address ?? '').toLowerCase().replace(/^(?:0x|41)(?=[0-9a-f]{40}$)/, '');
  return (
    address === USDT_ACCOUNT_ID &&
    log.topics?.length === 3 &&
    log.topics[0]!.toLowerCase().replace(/^0x/, '') === TRANSFER_TOPIC
  );
}

function toTransfer(
  txId: string,
  eventIndex: number,
  blockNumber: number,
  blockMs: number,
  log: z.infer<typeof ZLog>,
): ChainTransfer | null {
  const account = (topic: string) => {
    const hex = /^(?:0x)?0{24}([0-9a-fA-F]{40})$/.exec(topic);
    return hex ? normaliseTronAddress(hex[1]!) : null;
  };
  const from = account(log.topics![1]!);
  const to = account(log.topics![2]!);
  const data = /^(?:0x)?([0-9a-fA-F]{1,64})$/.exec(log.data ?? '');
  if (!from || !to || !data) return null;
  const amount = baseUnitsToMoney(`0x${data[1]}`, USDT_DECIMALS);
  if (amount === null || amount === '0.000000' || from === to) return null;
  return {
    txId: txId.toLowerCase(),
    eventIndex,
    blockNumber,
    from,
    to,
    amount,
    blockAt: new Date(blockMs),
    blockMs,
  };
}

export type SolidityNodeSource = ReturnType<typeof createSolidityNodeSource>;
