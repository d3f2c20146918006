import { USDT_TRC20_CONTRACT } from '@jiema/shared';
import { z } from 'zod';

/**
 * A client of TronGrid's `GET /v1/accounts/{address}/transactions/trc20` (protocols.md §4): incoming
 * USDT transfers of one address in a block-time window, oldest first, page after page through
 * `meta.fingerprint` (the other parameters unchanged, as TronGrid requires). It only fetches and
 * shapes; what counts as a deposit is decided by `toDeposit` and the crediting.
 */

/** One TRC20 transfer as TronGrid lists it (only the fields we read). */
const ZTrc20Transfer = z.object({
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  token_info: z.object({
    address: z.string(),
    decimals: z.number().int().min(0).max(77),
    symbol: z.string().optional(),
  }),
  block_timestamp: z.number().int().nonnegative(),
  from: z.string(),
  to: z.string(),
  type: z.string(),
  value: z.string(),
});
export type Trc20Transfer = z.infer<typeof ZTrc20Transfer>;

const ZPage = z.object({
  data: z.array(z.unknown()),
  success: z.boolean().optional(),
  meta: z
    .object({
      fingerprint: z.string().optional(),
      links: z.object({ next: z.string().optional() }).optional(),
    })
    .optional(),
});

/** A transfer that counts: USDT, to the address asked about, amount as an exact 6-decimal string. */
export type IncomingTransfer = {
  txId: string;
  from: string;
  to: string;
  amount: string;
  blockAt: Date;
  blockMs: number;
};

/** Why a request failed, as the watcher reacts to it. */
export type ChainErrorKind = 'unreachable' | 'rate_limited' | 'server' | 'bad_answer';

export class ChainApiError extends Error {
  constructor(
    readonly kind: ChainErrorKind,
    message: string,
    /** What the API asked for (Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const PAGE_LIMIT = 200;
const TIMEOUT_MS = 10_000;
const MAX_PAGES = 50;

/** `value` in base units with the token's decimals → 6-decimal string; null if it needs more places. */
export function baseUnitsToMoney(value: string, decimals: number): string | null {
  if (!/^\d{1,60}$/.test(value)) return null;
  let units = BigInt(value);
  if (decimals > 6) {
    const drop = 10n ** BigInt(decimals - 6);
    if (units % drop !== 0n) return null;
    units /= drop;
  } else {
    units *= 10n ** BigInt(6 - decimals);
  }
  return `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, '0')}`;
}

/** Only a `Transfer` of the USDT contract to our address, of a positive amount, is a deposit. */
export function toDeposit(item: Trc20Transfer, ourAddress: string): IncomingTransfer | null {
  if (item.type !== 'Transfer') return null;
  if (item.token_info.address !== USDT_TRC20_CONTRACT) return null;
  if (item.to !== ourAddress || item.from === ourAddress) return null;
  const amount = baseUnitsToMoney(item.value, item.token_info.decimals);
  if (amount === null || amount === '0.000000') return null;
  return {
    txId: item.transaction_id.toLowerCase(),
    from: item.from,
    to: item.to,
    amount,
    blockAt: new Date(item.block_timestamp),
    blockMs: item.block_timestamp,
  };
}

export type TronGridClient = ReturnType<typeof createTronGridClient>;

export function createTronGridClient(options: {
  baseUrl: string;
  apiKey?: string;
  /** Waits for the request budget before each request (the watcher's limiter). */
  beforeRequest?: () => Promise<void>;
  fetchImpl?: typeof fetch;
  /** Aborts requests in flight when the server stops. */
  signal?: AbortSignal;
}) {
  const doFetch = options.fetchImpl ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['TRON-PRO-API-KEY'] = options.apiKey;

  async function getPage(url: string): Promise<z.infer<typeof ZPage>> {
    await options.beforeRequest?.();
    let response: Response;
    try {
      response = await doFetch(url, {
        headers,
        signal: options.signal
          ? AbortSignal.any([options.signal, AbortSignal.timeout(TIMEOUT_MS)])
          : AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ChainApiError('unreachable', describeNetworkError(error));
    }
    if (response.status === 429 || response.status === 403) {
      await response.body?.cancel();
      throw new ChainApiError('rate_limited', `HTTP ${response.status}`, retryAfterMs(response));
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ChainApiError('server', `HTTP ${response.status}`, retryAfterMs(response));
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ChainApiError('bad_answer', `HTTP ${response.status}`);
    }
    const parsed = ZPage.safeParse(await response.json().catch(() => null));
    if (!parsed.success || parsed.data.success === false)
      throw new ChainApiError('bad_answer', 'unexpected answer');
    return parsed.data;
  }

  return {
    baseUrl: options.baseUrl,

    /**
     * Every incoming USDT transfer of `address` with block time in [minMs, maxMs], oldest first.
     * `confirmed`: only solidified blocks (credited), else only unsolidified ones (shown as seen).
     */
    async incomingTransfers(
      address: string,
      window: { minMs: number; maxMs: number; confirmed: boolean },
    ): Promise<IncomingTransfer[]> {
      const params = new URLSearchParams({
        [window.confirmed ? 'only_confirmed' : 'only_unconfirmed']: 'true',
        only_to: 'true',
        contract_address: USDT_TRC20_CONTRACT,
        limit: String(PAGE_LIMIT),
        min_timestamp: String(window.minMs),
        max_timestamp: String(window.maxMs),
        order_by: 'block_timestamp,asc',
      });
      const base = `${options.baseUrl}/v1/accounts/${encodeURIComponent(address)}/transactions/trc20`;
      const found = new Map<string, IncomingTransfer>();
      let fingerprint: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        if (fingerprint) params.set('fingerprint', fingerprint);
        const answer = await getPage(`${base}?${params}`);
        for (const raw of answer.data) {
          const item = ZTrc20Transfer.safeParse(raw);
          if (!item.success) continue;
          const deposit = toDeposit(item.data, address);
          // The same transfer on two pages (the API's paging is not a snapshot) is one transfer.
          if (deposit) found.set(deposit.txId, deposit);
        }
        const next = answer.meta?.fingerprint;
        if (!next || answer.data.length === 0 || next === fingerprint) break;
        fingerprint = next;
      }
      return [...found.values()].sort((a, b) => a.blockMs - b.blockMs);
    },
  };
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 300) * 1000 : undefined;
}

/** "getaddrinfo ENOTFOUND api.trongrid.io" rather than "fetch failed". */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return 'timed out';
  return cause?.message ?? cause?.code ?? (error as Error).message ?? 'network error';
}
