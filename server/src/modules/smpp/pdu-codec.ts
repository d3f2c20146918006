import { keepRawBytes, type PDU, smpp } from './smpp-library';

/**
 * The PDUs of a bind's steady traffic, encoded and decoded here: submit_sm, its response, deliver_sm,
 * its response, enquire_link's response. npm `smpp` builds each of them through generic loops over its
 * parameter tables, filters and a GSM decode of every receipt's text we never read (we decode the raw
 * bytes ourselves); that was most of a mass SMS worker's CPU per message. Every other PDU goes through
 * the library. Decoded PDUs are the library's PDU objects (same fields, `response()` works).
 */

export const HEADER = 16;
export const MAX_PDU_LENGTH = 16_384;

const ID = {
  generic_nack: 0x80000000,
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
  enquire_link: 0x00000015,
  enquire_link_resp: 0x80000015,
} as const;

type Tlv = {
  id: number;
  tag: string;
  multiple?: boolean;
  type: { read(buffer: Buffer, offset: number, length: number): unknown };
  filter?: { decode(this: PDU, value: unknown, skipUdh: boolean): unknown };
};
const tlvsById = smpp.tlvsById as Record<number, Tlv>;

/** Set in the command id of every response (SMPP 3.4 §5.1.2.1). */
export const isResponse = (commandId: number) => (commandId & ID.generic_nack) !== 0;

export function encodeHeader(length: number, commandId: number, status: number, sequence: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  buffer.writeUInt32BE(length, 0);
  buffer.writeUInt32BE(commandId, 4);
  buffer.writeUInt32BE(status, 8);
  buffer.writeUInt32BE(sequence, 12);
  return buffer;
}

/** generic_nack (SMPP 3.4 §4.3): a header only. */
export const encodeGenericNack = (status: number, sequence: number) =>
  encodeHeader(HEADER, ID.generic_nack, status, sequence);

export type SubmitSmParams = {
  source_addr: string;
  source_addr_ton: number;
  source_addr_npi: number;
  destination_addr: string;
  dest_addr_ton: number;
  dest_addr_npi: number;
  esm_class: number;
  registered_delivery: number;
  data_coding: number;
  /** The encoded user data (UDH included), as sent. */
  short_message: Buffer;
};

/** submit_sm (SMPP 3.4 §4.4.1) with empty service_type, schedule and validity, no TLVs. */
export function encodeSubmitSm(sequence: number, p: SubmitSmParams): Buffer {
  const source = Buffer.byteLength(p.source_addr, 'latin1');
  const destination = Buffer.byteLength(p.destination_addr, 'latin1');
  const message = p.short_message.length;
  if (message > 254) throw new RangeError('short_message longer than 254 bytes');
  // service_type NUL, 2 + source + NUL, 2 + destination + NUL, 3, two empty times, 4, sm_length, message.
  const length = HEADER + 1 + 3 + source + 3 + destination + 3 + 2 + 4 + 1 + message;
  const buffer = encodeHeader(length, ID.submit_sm, 0, sequence);
  let at = HEADER;
  buffer[at++] = 0;
  buffer[at++] = p.source_addr_ton;
  buffer[at++] = p.source_addr_npi;
  at += buffer.write(p.source_addr, at, 'latin1');
  buffer[at++] = 0;
  buffer[at++] = p.dest_addr_ton;
  buffer[at++] = p.dest_addr_npi;
  at += buffer.write(p.destination_addr, at, 'latin1');
  buffer[at++] = 0;
  buffer[at++] = p.esm_class;
  buffer[at++] = 0; // protocol_id
  buffer[at++] = 0; // priority_flag
  buffer[at++] = 0; // schedule_delivery_time
  buffer[at++] = 0; // validity_period
  buffer[at++] = p.registered_delivery;
  buffer[at++] = 0; // replace_if_present_flag
  buffer[at++] = p.data_coding;
  buffer[at++] = 0; // sm_default_msg_id
  buffer[at++] = message;
  p.short_message.copy(buffer, at);
  return buffer;
}

/**
 * The answer to a request we received: deliver_sm_resp (empty message_id) and enquire_link_resp here,
 * anything else through the library. A non-zero status carries no body, as the library sends it.
 */
export function encodeResponse(request: PDU, status: number): Buffer {
  const sequence = request.sequence_number;
  if (request.command_id === ID.enquire_link)
    return encodeHeader(HEADER, ID.enquire_link_resp, status, sequence);
  if (request.command_id === ID.deliver_sm) {
    if (status) return encodeHeader(HEADER, ID.deliver_sm_resp, status, sequence);
    const buffer = encodeHeader(HEADER + 1, ID.deliver_sm_resp, 0, sequence);
    buffer[HEADER] = 0;
    return buffer;
  }
  return request.response({ command_status: status }).toBuffer();
}

/** Where a C-octet string starting at `at` ends (its NUL), or the PDU's end when it has none. */
function cStringEnd(buffer: Buffer, at: number, end: number): number {
  const nul = buffer.indexOf(0, at);
  return nul === -1 || nul >= end ? end : nul;
}

function newPdu(command: string, buffer: Buffer): PDU {
  const pdu = Object.create(smpp.PDU.prototype) as PDU;
  pdu.command = command;
  pdu.command_length = buffer.readUInt32BE(0);
  pdu.command_id = buffer.readUInt32BE(4);
  pdu.command_status = buffer.readUInt32BE(8);
  pdu.sequence_number = buffer.readUInt32BE(12);
  return pdu;
}

/** One whole PDU off the wire (header included) as the library's PDU object. */
export function decodePdu(buffer: Buffer): PDU {
  const commandId = buffer.readUInt32BE(4);
  if (commandId === ID.submit_sm_resp) {
    const pdu = newPdu('submit_sm_resp', buffer);
    if (buffer.length > HEADER)
      pdu.message_id = buffer.toString('latin1', HEADER, cStringEnd(buffer, HEADER, buffer.length));
    return pdu;
  }
  if (commandId === ID.enquire_link_resp) return newPdu('enquire_link_resp', buffer);
  if (commandId === ID.deliver_sm && buffer.readUInt32BE(8) === 0) return decodeDeliverSm(buffer);
  return new smpp.PDU(buffer);
}

/**
 * deliver_sm (SMPP 3.4 §4.6.1): the mandatory fields with `short_message` left as its bytes (read
 * from the raw PDU by inbound-pdu.ts), TLVs as the library reads them, `message_payload` as bytes too.
 */
function decodeDeliverSm(buffer: Buffer): PDU {
  const pdu = newPdu('deliver_sm', buffer);
  const end = buffer.length;
  let at = HEADER;
  const cString = () => {
    const stop = cStringEnd(buffer, at, end);
    const value = buffer.toString('latin1', at, stop);
    at = stop + 1;
    return value;
  };
  // A truncated PDU reads as zeros past its end, as the library read it.
  const octet = () => {
    const value = at < end ? buffer[at]! : 0;
    at += 1;
    return value;
  };
  pdu.service_type = cString();
  pdu.source_addr_ton = octet();
  pdu.source_addr_npi = octet();
  pdu.source_addr = cString();
  pdu.dest_addr_ton = octet();
  pdu.dest_addr_npi = octet();
  pdu.destination_addr = cString();
  pdu.esm_class = octet();
  pdu.protocol_id = octet();
  pdu.priority_flag = octet();
  pdu.schedule_delivery_time = cString();
  pdu.validity_period = cString();
  pdu.registered_delivery = octet();
  pdu.replace_if_present_flag = octet();
  pdu.data_coding = octet();
  pdu.sm_default_msg_id = octet();
  const smLength = octet();
  pdu.short_message = buffer.subarray(Math.min(at, end), Math.min(at + smLength, end));
  at += smLength;
  while (at + 4 <= end) {
    const tag = buffer.readUInt16BE(at);
    const length = buffer.readUInt16BE(at + 2);
    at += 4;
    const valueEnd = Math.min(at + length, end);
    const tlv = tlvsById[tag];
    if (!tlv || tlv.tag === 'message_payload') {
      pdu[tlv ? tlv.tag : String(tag)] = buffer.subarray(at, valueEnd);
    } else {
      let value = tlv.type.read(buffer, at, valueEnd - at);
      if (tlv.filter) value = tlv.filter.decode.call(pdu, value, true);
      if (tlv.multiple) pdu[tlv.tag] = [...((pdu[tlv.tag] as unknown[] | undefined) ?? []), value];
      else pdu[tlv.tag] = value;
    }
    at += length;
  }
  keepRawBytes(pdu, buffer);
  return pdu;
}
