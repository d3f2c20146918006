/**
 * The message bytes of a raw `deliver_sm` / `data_sm` PDU, read straight from the wire (SMPP 3.4
 * §4.6.1): we decode the text ourselves, so we need the bytes before npm `smpp` turned them into a string.
 */
export type RawMessageBytes = {
  shortMessage: Buffer;
  /** TLV 0x0424, when present (it replaces short_message). */
  messagePayload: Buffer | undefined;
};

const HEADER = 16;
const MESSAGE_PAYLOAD_TAG = 0x0424;

function skipCString(buffer: Buffer, offset: number): number {
  let at = offset;
  while (at < buffer.length && buffer[at] !== 0) at += 1;
  return at + 1;
}

/** deliver_sm: service_type, source (ton, npi, addr), destination (ton, npi, addr), then ten fixed fields. */
export function readDeliverSmBytes(pdu: Buffer): RawMessageBytes {
  const end = Math.min(pdu.length, pdu.readUInt32BE(0));
  let at = skipCString(pdu, HEADER); // service_type
  at += 2; // source_addr_ton, source_addr_npi
  at = skipCString(pdu, at); // source_addr
  at += 2; // dest_addr_ton, dest_addr_npi
  at = skipCString(pdu, at); // destination_addr
  at += 3; // esm_class, protocol_id, priority_flag
  at = skipCString(pdu, at); // schedule_delivery_time
  at = skipCString(pdu, at); // validity_period
  at += 4; // registered_delivery, replace_if_present_flag, data_coding, sm_default_msg_id
  const smLength = at < end ? (pdu[at] ?? 0) : 0;
  at += 1;
  const shortMessage = Buffer.from(pdu.subarray(at, Math.min(at + smLength, end)));
  at += smLength;
  let messagePayload: Buffer | undefined;
  while (at + 4 <= end) {
    const tag = pdu.readUInt16BE(at);
    const length = pdu.readUInt16BE(at + 2);
    at += 4;
    if (tag === MESSAGE_PAYLOAD_TAG)
      messagePayload = Buffer.from(pdu.subarray(at, Math.min(at + length, end)));
    at += length;
  }
  return { shortMessage, messagePayload };
}
