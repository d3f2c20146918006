import { createHash } from 'node:crypto';
import { readDeliverSmBytes } from './deliver-sm-raw';
import { type DeliveryReceipt, looksLikeReceipt, parseReceipt } from './receipt';
import { type PDU, rawBytesOf } from './smpp-library';
import { decodeText } from './text-codec';
import { splitUdh } from './udh';

/** esm_class bits (SMPP 3.4 §5.2.12). */
const ESM_MESSAGE_TYPE_MASK = 0x3c;
const ESM_DELIVERY_RECEIPT = 0x04;
const ESM_INTERMEDIATE_NOTIFICATION = 0x20;
export const ESM_UDHI = 0x40;

/** One deliver_sm that is a user message (or a part of one). */
export type InboundPart = {
  from: string;
  to: string;
  dataCoding: number;
  body: Buffer;
  /** Set for a part of a concatenated message. */
  concat: { ref: number; total: number; seq: number; via: 'udh8' | 'udh16' | 'sar' } | undefined;
  /** An id the SMSC gave the message, when it gives one (some SIM banks send receipted_message_id on MO). */
  smscMessageId: string | undefined;
};

export type InboundPdu = { kind: 'receipt'; receipt: DeliveryReceipt } | { kind: 'part'; part: InboundPart };

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The user data: message_payload when present (it replaces short_message), else short_message. */
function userDataOf(pdu: PDU): Buffer {
  const raw = rawBytesOf(pdu);
  if (raw) {
    const bytes = readDeliverSmBytes(raw);
    return bytes.messagePayload?.length ? bytes.messagePayload : bytes.shortMessage;
  }
  // Only a PDU built in this process has no raw bytes; then the library left Buffers alone.
  const payload = pdu.message_payload;
  if (Buffer.isBuffer(payload)) return payload;
  return Buffer.isBuffer(pdu.short_message) ? pdu.short_message : Buffer.alloc(0);
}

/** Reads a deliver_sm: a delivery receipt, or a message part with its text bytes and concat info. */
export function readInboundPdu(pdu: PDU): InboundPdu {
  const esmClass = num(pdu.esm_class) ?? 0;
  const dataCoding = num(pdu.data_coding) ?? 0;
  let userData = userDataOf(pdu);
  let concat: InboundPart['concat'];
  if (esmClass & ESM_UDHI) {
    const split = splitUdh(userData);
    userData = split.body;
    if (split.concat && split.concat.total > 1) {
      concat = { ...split.concat, via: split.concat.refBits === 8 ? 'udh8' : 'udh16' };
    }
  }
  const sarRef = num(pdu.sar_msg_ref_num);
  const sarTotal = num(pdu.sar_total_segments);
  const sarSeq = num(pdu.sar_segment_seqnum);
  if (!concat && sarRef !== undefined && sarTotal !== undefined && sarSeq !== undefined && sarTotal > 1) {
    concat = { ref: sarRef, total: sarTotal, seq: sarSeq, via: 'sar' };
  }
  const messageType = esmClass & ESM_MESSAGE_TYPE_MASK;
  const markedReceipt = messageType === ESM_DELIVERY_RECEIPT || messageType === ESM_INTERMEDIATE_NOTIFICATION;
  const receiptedMessageId = str(pdu.receipted_message_id) || null;
  if (!concat && (markedReceipt || receiptedMessageId !== null || dataCoding === 0 || dataCoding === 1)) {
    const text = receiptText(userData, dataCoding);
    if (markedReceipt || looksLikeReceipt(text)) {
      const receipt = parseReceipt({
        text,
        receiptedMessageId,
        messageState: num(pdu.message_state) ?? null,
        networkErrorCode: Buffer.isBuffer(pdu.network_error_code) ? pdu.network_error_code : null,
      });
      if (receipt) return { kind: 'receipt', receipt };
    }
  }
  return {
    kind: 'part',
    part: {
      from: str(pdu.source_addr),
      to: str(pdu.destination_addr),
      dataCoding,
      body: userData,
      concat,
      smscMessageId: receiptedMessageId ?? undefined,
    },
  };
}

/**
 * Many SMSCs write receipt text in plain ASCII even under data_coding 0, where GSM-7 would read `_`
 * (0x5F) as `§`: bytes that are all printable ASCII are read as ASCII (the same letters, digits and
 * colons in both), anything else by its data_coding.
 */
function receiptText(bytes: Buffer, dataCoding: number): string {
  const printableAscii = bytes.every((byte) => byte >= 0x20 && byte <= 0x7e);
  return printableAscii && dataCoding === 0 ? bytes.toString('latin1') : decodeText(bytes, dataCoding);
}

/** A stable id for an SMS the SMSC gave no id to: redeliveries of it hash the same. */
export function hashExternalId(from: string, to: string, bodies: Buffer[], extra: string): string {
  const hash = createHash('sha256');
  hash.update(`${from}\u0000${to}\u0000${extra}\u0000`);
  for (const body of bodies) hash.update(body);
  return `h:${hash.digest('hex').slice(0, 32)}`;
}
