import { createHash } from 'node:crypto';
import { accountHex, blockNumberOf, OTHER_TOKEN, type ScriptedTransfer } from './fake-trongrid';

/**
 * The fake TronGrid's full-node solidity API (java-tron's HTTP API, protocols.md §4.6): blocks every
 * 3 s, `getnowblock` / `getblockbynum` headers, `gettransactioninfobyblocknum` with each transaction's
 * Transfer logs (20-byte hex addresses, 32-byte topics and data), `{}` for a block the node does not
 * have; the solidified head stays below the oldest unconfirmed transfer.
 */

/** keccak256("Transfer(address,address,uint256)"), as every TRC-20 Transfer log's topic 0. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The solidified head: the present block, or the one before the oldest unconfirmed transfer's. */
function solidifiedHead(transfers: ScriptedTransfer[]): number {
  // The block in the making is not solidified yet.
  let head = blockNumberOf(Date.now()) - 1;
  for (const t of transfers) if (!t.confirmed) head = Math.min(head, blockNumberOf(t.blockMs) - 1);
  return head;
}

const blockHeader = (num: number) => ({
  blockID:
    num.toString(16).padStart(16, '0') + createHash('sha256').update(String(num)).digest('hex').slice(16),
  block_header: { raw_data: { number: num, timestamp: num * 3000 } },
});

/** `gettransactioninfobyblocknum`: one info per transaction of the block, its Transfer logs in event order. */
function transactionInfos(transfers: ScriptedTransfer[], num: number) {
  const byTx = new Map<string, ScriptedTransfer[]>();
  for (const t of transfers) {
    if (!t.confirmed || blockNumberOf(t.blockMs) !== num) continue;
    const list = byTx.get(t.txId) ?? [];
    list.push(t);
    byTx.set(t.txId, list);
  }
  return [...byTx.entries()].map(([txId, list]) => {
    const logs: Array<{ address: string; topics: string[]; data: string }> = [];
    for (const t of list.sort((a, b) => a.eventIndex - b.eventIndex)) {
      while (logs.length < t.eventIndex)
        logs.push({ address: accountHex(OTHER_TOKEN.address), topics: [], data: '' });
      const value = BigInt(/^\d+$/.test(t.rawValue ?? t.value) ? (t.rawValue ?? t.value) : 0);
      logs.push({
        address: accountHex(t.token.address),
        topics: [
          t.type === 'Transfer' ? TRANSFER_TOPIC : createHash('sha256').update(t.type).digest('hex'),
          accountHex(t.from).padStart(64, '0'),
          accountHex(t.to).padStart(64, '0'),
        ],
        data: value.toString(16).padStart(64, '0'),
      });
    }
    return {
      id: txId,
      fee: 345000,
      blockNumber: num,
      blockTimeStamp: num * 3000,
      contractResult: [''],
      contract_address: `41${accountHex(list[0]!.token.address)}`,
      receipt: { energy_usage_total: 14650, net_usage: 345, result: 'SUCCESS' },
      log: logs,
    };
  });
}

/** The answer of `POST <path>` with `body` over the scripted transfers. */
export function solidityAnswer(
  transfers: ScriptedTransfer[],
  path: string,
  body: Record<string, unknown>,
): unknown {
  const head = solidifiedHead(transfers);
  const num = typeof body.num === 'number' ? body.num : Number.NaN;
  if (path === '/walletsolidity/getnowblock') return blockHeader(head);
  if (!Number.isInteger(num) || num < 0 || num > head) return {};
  if (path === '/walletsolidity/getblockbynum') return blockHeader(num);
  const infos = transactionInfos(transfers, num);
  return infos.length > 0 ? infos : {};
}
