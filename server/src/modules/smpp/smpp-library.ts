import smpp, { type PDU } from 'smpp';

/**
 * npm `smpp` decodes `short_message` and `message_payload` itself, and wrongly for us: IA5 (DCS 1) is
 * read as GSM, a UCS-2 surrogate pair split over two parts becomes garbage, a GSM escape at a part's
 * end is lost. We keep each incoming PDU's raw bytes (a non-enumerable property, so the library's own
 * encode/filter loops never see it) and decode the text ourselves (text-codec.ts).
 */
const RAW = Symbol.for('jiema.smpp.raw');
type WithRaw = PDU & { [RAW]?: Buffer };

/** Remembers the bytes a PDU was decoded from (pdu-codec.ts decodes some PDUs without the library). */
export function keepRawBytes(pdu: PDU, buffer: Buffer) {
  Object.defineProperty(pdu, RAW, { value: buffer, enumerable: false });
}

let patched = false;
function keepRawBytesOfLibraryDecodes() {
  if (patched) return;
  patched = true;
  const original = smpp.PDU.prototype.fromBuffer;
  smpp.PDU.prototype.fromBuffer = function fromBufferKeepingRaw(this: WithRaw, buffer: Buffer) {
    keepRawBytes(this, buffer);
    return original.call(this, buffer);
  };
}
keepRawBytesOfLibraryDecodes();

/** The whole PDU as it came off the wire (header included), when the library parsed it. */
export function rawBytesOf(pdu: PDU): Buffer | undefined {
  return (pdu as WithRaw)[RAW];
}

/** SMPP 3.4 command_status values we answer or act on (lib/defs.js `errors`). */
export const STATUS = {
  ESME_ROK: 0x00,
  ESME_RMSGQFUL: 0x14,
  ESME_RBINDFAIL: 0x0d,
  ESME_RINVPASWD: 0x0e,
  ESME_RINVSYSID: 0x0f,
  ESME_RTHROTTLED: 0x58,
  ESME_RSYSERR: 0x08,
  /** Temporary application error: the SMSC keeps the message and delivers it again. */
  ESME_RX_T_APPN: 0x64,
} as const;

export type { PDU };
export { smpp };
