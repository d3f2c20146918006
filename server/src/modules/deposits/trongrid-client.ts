import { USDT_TRC20_CONTRACT } from '@jiema/shared';
import { z } from 'zod';
import type { ChainHttp } from './chain-http';
import { baseUnitsToMoney, type ChainTransfer } from './usdt-transfer';

/**
 * TronGrid's `GET /v1/accounts/{address}/transactions/trc20` (protocols.md §4.2), used only to show a
 * customer who is looking at the recharge page a transfer that is not solidified yet ("seen"). It is
 * never what credits: that is the solidified events read, which does not depend on addresses.
 */

/** One TRC20 transfer as TronGrid lists it (only the fields we read). */
const ZTrc20Transfer = z.object({
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  token_info: z.object({
    address: z.string(),
    decimals: z.number().int().min(0).max(77),
  }),
  block_timestamp: z.number().int().nonnegative(),
  from: z.string(),
  to: z.string(),
  type: z.string(),
  value: z.string(),
});
type Trc20Transfer = z.infer<typeof ZTrc20Transfer>;

const PAGE_LIMIT = 200;

/** Only a `Transfer` of the USDT contract to our address, of a positive amount, is a deposit. */
function toDeposit(item: Trc20Transfer, ourAddress: string): ChainTransfer | null {
  if (item.type !== 'Transfer') return null;
  if (item.token_info.address !== USDT_TRC20_CONTRACT) return null;
  if (item.to !== ourAddress || item.from === ourAddress) return null;
  const amount = baseUnitsToMoney(item.value, item.token_info.decimals);
  if (amount === null || amount === '0.000000') return null;
  return {
    txId: item.transaction_id.toLowerCase(),
    eventIndex: null,
    blockNumber: null,
    from: item.from,
    to: item.to,
    amount,
    blockAt: new Date(item.block_timestamp),
    blockMs: item.block_timestamp,
  };
}

/** Incoming USDT transfers of `address` not yet solidified, block time ≥ `sinceMs` (one page is plenty). */
export async function unconfirmedIncoming(
  http: ChainHttp,
  address: string,
  sinceMs: number,
): Promise<ChainTransfer[]> {
  const params = new URLSearchParams({
    only_unconfirmed: 'true',
    only_to: 'true',
    contract_address: USDT_TRC20_CONTRACT,
    limit: String(PAGE_LIMIT),
    min_timestamp: String(sinceMs),
    order_by: 'block_timestamp,asc',
  });
  const page = await http.listPage(
    `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${params}`,
  );
  const found = new Map<string, ChainTransfer>();
  for (const raw of page.data) {
    const item = ZTrc20Transfer.safeParse(raw);
    if (!item.success) continue;
    const deposit = toDeposit(item.data, address);
    if (deposit) found.set(`${deposit.txId}:${deposit.amount}`, deposit);
  }
  return [...found.values()];
}
