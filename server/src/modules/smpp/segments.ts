import { MAX_PARTS, type SmsEncoding, splitTextParts } from '@jiema/shared';
import { encodeGsm7 } from './gsm7';

// The counting itself is shared with the browser's preview (shared/src/sms-text.ts, sms-segments.ts).
export {
  encodingFor,
  SMS_PART_LIMIT as PART_LIMIT,
  SMS_SINGLE_LIMIT as SINGLE_LIMIT,
  unitsOf,
} from '@jiema/shared';
export { MAX_PARTS, type SmsEncoding };

export type SplitText = {
  encoding: SmsEncoding;
  dataCoding: 0 | 8;
  /** Each part's text; their concatenation is the message. */
  texts: string[];
  /** Each part's encoded user data, without the UDH. */
  bodies: Buffer[];
};

/** Splits a text into SMS parts (shared `splitTextParts`) and encodes each part's user data. */
export function splitText(text: string): SplitText {
  const { encoding, texts } = splitTextParts(text);
  const bodies = texts.map((part) => (encoding === 'gsm7' ? encodeGsm7(part) : encodeUcs2(part)));
  return { encoding, dataCoding: encoding === 'gsm7' ? 0 : 8, texts, bodies };
}

export function encodeUcs2(text: string): Buffer {
  const out = Buffer.alloc(text.length * 2);
  for (let i = 0; i < text.length; i += 1) out.writeUInt16BE(text.charCodeAt(i), i * 2);
  return out;
}

/** What a text costs: encoding, parts and length in units (an empty text still goes out as one part). */
export function countSegments(text: string): { encoding: SmsEncoding; segments: number; units: number } {
  const { encoding, texts, units } = splitTextParts(text);
  return { encoding, segments: texts.length, units };
}
