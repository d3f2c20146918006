import { type DeliveryReceipt, storedIdKeys } from '../smpp/receipt';
import type { FinalOutcome, SentResult } from './queue.repository';
import type { Match, ReceiptUpdate } from './receipts.repository';

/** An SMPP receipt as the worker stores it: the final status, or `sent` for an intermediate one. */
export function receiptUpdateOf(connectorId: number, receipt: DeliveryReceipt): ReceiptUpdate {
  return {
    connectorId,
    keys: receipt.messageIdKeys,
    outcome: receipt.final ? receipt.status : 'sent',
    error: receipt.error
      ? `${receipt.stat} err:${receipt.error}`
      : receipt.status === 'failed'
        ? receipt.stat
        : null,
    externalId: receipt.messageId,
    stat: receipt.stat,
    raw: receipt.raw,
  };
}

/**
 * Final receipts of one-part SMPP messages whose submit result is in the same flush (the SMSC answers
 * the submit, then reports at once): matched here, so the submit's update writes the final status and
 * the receipt needs no lookup. By report index, and by message id for `recordSent`.
 */
export function finalsWithTheirSubmit(sent: readonly SentResult[], receipts: readonly ReceiptUpdate[]) {
  const matches = new Map<number, Match>();
  const finals = new Map<string, FinalOutcome>();
  if (!sent.length || !receipts.length) return { matches, finals };
  // By the id as the SMSC wrote it first: receipts name their message the way its submit_sm_resp did
  // on most SMSCs, and the keys of every id in every form (BigInt conversions) are then not needed.
  const byId = new Map<string, SentResult>();
  for (const s of sent) {
    if (s.smpp && s.externalIds.length === 1) byId.set(`${s.connectorId}|${s.externalIds[0]}`, s);
  }
  let byKey: Map<string, SentResult> | undefined;
  const byKeys = (receipt: ReceiptUpdate) => {
    byKey ??= new Map(
      [...byId.values()].flatMap((s) =>
        storedIdKeys(s.externalIds[0]!).map((key) => [`${s.connectorId}|${key}`, s] as const),
      ),
    );
    const index = byKey;
    return receipt.keys.map((key) => index.get(`${receipt.connectorId}|${key}`)).find(Boolean);
  };
  receipts.forEach((receipt, n) => {
    if (receipt.outcome === 'sent') return;
    const s = byId.get(`${receipt.connectorId}|${receipt.externalId}`) ?? byKeys(receipt);
    if (!s || finals.has(s.id)) return;
    matches.set(n, { message_id: s.id, part_no: 1 });
    finals.set(s.id, {
      status: receipt.outcome,
      error: receipt.outcome === 'failed' ? (receipt.error ?? receipt.stat) : null,
      raw: receipt.raw,
    });
  });
  return { matches, finals };
}
