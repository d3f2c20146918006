import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { base58Decode, encodeTronAddress } from '../../src/lib/tron-address';
import { solidityAnswer } from './fake-tron-solidity';

/**
 * A fake TronGrid for tests and benchmarks, over scripted transfers. It speaks the real
 * `GET /v1/accounts/{address}/transactions/trc20` (protocols.md §4: only_confirmed / only_unconfirmed,
 * only_to / only_from, contract_address, limit ≤ 200, min_timestamp / max_timestamp in ms,
 * order_by block_timestamp asc|desc) and `GET /v1/contracts/{contract}/events` (§4.6: event_name,
 * only_confirmed / only_unconfirmed, min_block_timestamp / max_block_timestamp, order_by, limit;
 * events with transaction_id, block_number, block_timestamp, event_index, event_name and `result`
 * whose addresses are 0x-hex as TronGrid's are), both with opaque `fingerprint` paging that requires
 * the other parameters unchanged, `meta.fingerprint` and `meta.links.next`, the TRON-PRO-API-KEY
 * header, and fails on command (429, 403, 5xx) like the real one under load. It is also a full node's
 * solidity API (java-tron's HTTP API, protocols.md §4.6): `POST /walletsolidity/getnowblock`,
 * `/walletsolidity/getblockbynum` and `/walletsolidity/gettransactioninfobyblocknum` with `{"num": N}`,
 * blocks every 3 s, each transaction's `log` with the token's 20-byte hex address, the Transfer topic and
 * 32-byte topics and data; the solidified head stays below the oldest unconfirmed transfer.
 */

export const USDT = {
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  decimals: 6,
  symbol: 'USDT',
  name: 'Tether USD',
};
/** Another real TRC20 token (USDC on TRON): a transfer of it is never a deposit. */
export const OTHER_TOKEN = {
  address: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
  decimals: 6,
  symbol: 'USDC',
  name: 'USD Coin',
};

export type TokenInfo = { address: string; decimals: number; symbol: string; name: string };

export type ScriptedTransfer = {
  txId: string;
  from: string;
  to: string;
  /** Base units, as TronGrid sends them (a string). */
  value: string;
  blockMs: number;
  confirmed: boolean;
  token: TokenInfo;
  type: string;
  /** The event's index in its transaction (transactions paying several addresses have several). */
  eventIndex: number;
  /** Raw `value` of the event, when it should differ from `value` (a broken answer). */
  rawValue?: string;
};

/** TRON makes a block every 3 s; the fake numbers them from block time. */
export const blockNumberOf = (blockMs: number) => Math.floor(blockMs / 3000);
export const accountHex = (address: string) => base58Decode(address)!.subarray(1, 21).toString('hex');
const hex20 = (address: string) => `0x${accountHex(address)}`;

export type FakeRequest = {
  path: string;
  params: Record<string, string>;
  apiKey: string | null;
  status: number;
};

/** A random valid mainnet address (base58check). */
export const randomTronAddress = () => encodeTronAddress(randomBytes(20));
export const randomTxId = () => randomBytes(32).toString('hex');

/** `12.345678` USDT → `12345678` base units. */
export function usdtUnits(amount: string): string {
  const [int = '0', frac = ''] = amount.split('.');
  return (BigInt(int) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6) || '0')).toString();
}

export type FakeTronGrid = Awaited<ReturnType<typeof startFakeTronGrid>>;

export async function startFakeTronGrid(options: { apiKey?: string; maxPerSecond?: number } = {}) {
  const transfers: ScriptedTransfer[] = [];
  const requests: FakeRequest[] = [];
  const failures: Array<{ status: number; retryAfter?: number }> = [];
  let duplicateAcrossPages = false;
  let unreachable = false;
  let windowStart = 0;
  let windowCount = 0;

  function list(address: string, p: URLSearchParams) {
    const onlyConfirmed = p.get('only_confirmed') === 'true';
    const onlyUnconfirmed = p.get('only_unconfirmed') === 'true';
    const contract = p.get('contract_address');
    const min = p.has('min_timestamp') ? Number(p.get('min_timestamp')) : 0;
    const max = p.has('max_timestamp') ? Number(p.get('max_timestamp')) : Number.MAX_SAFE_INTEGER;
    const asc = p.get('order_by') === 'block_timestamp,asc';
    return transfers
      .filter((t) => t.from === address || t.to === address)
      .filter((t) => p.get('only_to') !== 'true' || t.to === address)
      .filter((t) => p.get('only_from') !== 'true' || t.from === address)
      .filter((t) => !onlyConfirmed || t.confirmed)
      .filter((t) => !onlyUnconfirmed || !t.confirmed)
      .filter((t) => !contract || t.token.address === contract)
      .filter((t) => t.blockMs >= min && t.blockMs <= max)
      .sort((a, b) => (asc ? a.blockMs - b.blockMs : b.blockMs - a.blockMs) || a.txId.localeCompare(b.txId));
  }

  /** The events API: transfers of one token contract, by block time, with the same filters. */
  function events(contract: string, p: URLSearchParams) {
    const onlyConfirmed = p.get('only_confirmed') === 'true';
    const onlyUnconfirmed = p.get('only_unconfirmed') === 'true';
    const name = p.get('event_name');
    const min = p.has('min_block_timestamp') ? Number(p.get('min_block_timestamp')) : 0;
    const max = p.has('max_block_timestamp') ? Number(p.get('max_block_timestamp')) : Number.MAX_SAFE_INTEGER;
    const block = p.has('block_number') ? Number(p.get('block_number')) : null;
    const asc = p.get('order_by') === 'block_timestamp,asc';
    return transfers
      .filter((t) => t.token.address === contract)
      .filter((t) => !name || t.type === name)
      .filter((t) => !onlyConfirmed || t.confirmed)
      .filter((t) => !onlyUnconfirmed || !t.confirmed)
      .filter((t) => t.blockMs >= min && t.blockMs <= max)
      .filter((t) => block === null || blockNumberOf(t.blockMs) === block)
      .sort(
        (a, b) =>
          (asc ? a.blockMs - b.blockMs : b.blockMs - a.blockMs) ||
          a.txId.localeCompare(b.txId) ||
          a.eventIndex - b.eventIndex,
      );
  }

  const asEvent = (t: ScriptedTransfer) => ({
    block_number: blockNumberOf(t.blockMs),
    block_timestamp: t.blockMs,
    caller_contract_address: t.token.address,
    contract_address: t.token.address,
    event_index: t.eventIndex,
    event_name: t.type,
    result: {
      '0': hex20(t.from),
      '1': hex20(t.to),
      '2': t.rawValue ?? t.value,
      from: hex20(t.from),
      to: hex20(t.to),
      value: t.rawValue ?? t.value,
    },
    result_type: { from: 'address', to: 'address', value: 'uint256' },
    event: 'Transfer(address indexed from, address indexed to, uint256 value)',
    transaction_id: t.txId,
  });

  const asAccountTransfer = (t: ScriptedTransfer) => ({
    transaction_id: t.txId,
    token_info: {
      symbol: t.token.symbol,
      address: t.token.address,
      decimals: t.token.decimals,
      name: t.token.name,
    },
    block_timestamp: t.blockMs,
    from: t.from,
    to: t.to,
    type: t.type,
    value: t.rawValue ?? t.value,
  });

  /** Everything but the cursor: TronGrid refuses a fingerprint used with other filters. */
  const filterKey = (p: URLSearchParams) =>
    createHash('sha256')
      .update(
        [...p.entries()]
          .filter(([k]) => k !== 'fingerprint')
          .sort()
          .join('&'),
      )
      .digest('hex')
      .slice(0, 16);

  const json = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    const apiKey = (req.headers['tron-pro-api-key'] as string | undefined) ?? null;
    const record = (status: number) => requests.push({ path: url.pathname, params, apiKey, status });
    if (unreachable) {
      req.socket.destroy();
      return;
    }
    if (req.method === 'POST' && url.pathname.startsWith('/walletsolidity/')) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const failure = failures.shift();
        if (failure) {
          record(failure.status);
          return json(res, failure.status, { Error: 'scripted failure' });
        }
        let body: Record<string, unknown> = {};
        try {
          body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : {};
        } catch {
          record(400);
          return json(res, 400, { Error: 'bad json' });
        }
        record(200);
        json(res, 200, solidityAnswer(transfers, url.pathname, body));
      });
      return;
    }
    const match = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    const eventsMatch = /^\/v1\/contracts\/([^/]+)\/events$/.exec(url.pathname);
    if (req.method !== 'GET' || !(match || eventsMatch)) {
      record(404);
      return json(res, 404, { success: false, error: 'not found', statusCode: 404 });
    }
    if (options.apiKey && apiKey !== options.apiKey) {
      record(401);
      return json(res, 401, { success: false, error: 'ApiKey not exists', statusCode: 401 });
    }
    const now = Date.now();
    if (options.maxPerSecond) {
      if (now - windowStart >= 1000) {
        windowStart = now;
        windowCount = 0;
      }
      if (++windowCount > options.maxPerSecond) {
        record(429);
        return json(res, 429, { success: false, error: 'request rate exceeded', statusCode: 429 });
      }
    }
    const failure = failures.shift();
    if (failure) {
      record(failure.status);
      const headers: Record<string, string> = failure.retryAfter
        ? { 'retry-after': String(failure.retryAfter) }
        : {};
      return json(
        res,
        failure.status,
        { success: false, error: 'scripted failure', statusCode: failure.status },
        headers,
      );
    }
    const p = url.searchParams;
    const limit = p.has('limit') ? Number(p.get('limit')) : 20;
    if (
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > 200 ||
      (p.get('only_confirmed') === 'true' && p.get('only_unconfirmed') === 'true')
    ) {
      record(400);
      return json(res, 400, { success: false, error: 'invalid parameters', statusCode: 400 });
    }
    let offset = 0;
    const fingerprint = p.get('fingerprint');
    if (fingerprint) {
      try {
        const cursor = JSON.parse(Buffer.from(fingerprint, 'base64url').toString()) as {
          o: number;
          k: string;
        };
        if (cursor.k !== filterKey(p) || !Number.isInteger(cursor.o)) throw new Error('other filters');
        offset = cursor.o;
      } catch {
        record(400);
        return json(res, 400, { success: false, error: 'invalid fingerprint', statusCode: 400 });
      }
    }
    const all: ScriptedTransfer[] = match
      ? list(decodeURIComponent(match[1]!), p)
      : events(decodeURIComponent(eventsMatch![1]!), p);
    const page = all.slice(offset, offset + limit);
    // The real paging is no snapshot: an item can come again on the next page.
    if (duplicateAcrossPages && offset > 0) page.unshift(all[offset - 1]!);
    const meta: Record<string, unknown> = { at: now, page_size: page.length };
    if (offset + limit < all.length) {
      const next = Buffer.from(JSON.stringify({ o: offset + limit, k: filterKey(p) })).toString('base64url');
      meta.fingerprint = next;
      const nextParams = new URLSearchParams(p);
      nextParams.set('fingerprint', next);
      meta.links = { next: `http://${req.headers.host}${url.pathname}?${nextParams}` };
    }
    record(200);
    json(res, 200, {
      data: match ? page.map(asAccountTransfer) : page.map(asEvent),
      success: true,
      meta,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Puts a transfer on the scripted chain; USDT, confirmed and a Transfer unless told otherwise. */
    add(t: Partial<ScriptedTransfer> & { to: string; amount?: string }): ScriptedTransfer {
      const txId = t.txId ?? randomTxId();
      const transfer: ScriptedTransfer = {
        txId,
        eventIndex: t.eventIndex ?? transfers.filter((o) => o.txId === txId).length,
        rawValue: t.rawValue,
        from: t.from ?? randomTronAddress(),
        to: t.to,
        value: t.value ?? usdtUnits(t.amount ?? '1'),
        blockMs: t.blockMs ?? Date.now() - 1000,
        confirmed: t.confirmed ?? true,
        token: t.token ?? USDT,
        type: t.type ?? 'Transfer',
      };
      transfers.push(transfer);
      return transfer;
    },
    /** A transfer that never solidified (its block was not the chain's): it disappears from every list. */
    remove(txId: string) {
      for (let i = transfers.length - 1; i >= 0; i--) if (transfers[i]!.txId === txId) transfers.splice(i, 1);
    },
    /** The block of an unconfirmed transfer got solidified. */
    confirm(txId: string) {
      for (const t of transfers) if (t.txId === txId) t.confirmed = true;
    },
    /** The next `count` requests answer `status` (429, 403, 500, 503 …). */
    failNext(count: number, status: number, retryAfter?: number) {
      for (let i = 0; i < count; i++) failures.push({ status, retryAfter });
    },
    /** Repeat the last item of the previous page at the top of each next page. */
    setDuplicateAcrossPages(on: boolean) {
      duplicateAcrossPages = on;
    },
    /** Connections are cut without an answer, as when the machine has no internet. */
    setUnreachable(on: boolean) {
      unreachable = on;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
