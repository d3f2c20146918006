/**
 * The parts an SMS is split into, for the SMPP encoder (server/src/modules/smpp): the counting
 * rules (alphabet, limits) are sms-text.ts's, so the browser's preview, billing and what goes on
 * the wire agree. Also the GSM 03.38 code table the encoder needs for bytes.
 */
import { gsmSeptetsOf, SMS_PART_LIMIT, SMS_SINGLE_LIMIT, type SmsEncoding } from './sms-text';

/** The GSM-7 default alphabet, indexed by its code (0x1B is the escape to the extension table). */
export const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1BÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** Extension table: ESC (0x1B) followed by this code. */
export const GSM7_EXTENSION: ReadonlyArray<readonly [number, string]> = [
  [0x0a, '\f'],
  [0x14, '^'],
  [0x28, '{'],
  [0x29, '}'],
  [0x2f, '\\'],
  [0x3c, '['],
  [0x3d, '~'],
  [0x3e, ']'],
  [0x40, '|'],
  [0x65, '€'],
];

export const GSM7_ESC = 0x1b;
/** One 8-bit sequence number in the UDH. */
export const MAX_PARTS = 255;

export function fitsGsm7(text: string): boolean {
  for (const char of text) if (gsmSeptetsOf(char) === 0) return false;
  return true;
}

export function encodingFor(text: string): SmsEncoding {
  return fitsGsm7(text) ? 'gsm7' : 'ucs2';
}

/** Length in the encoding's units: septets (GSM-7, an extension character is 2) or UTF-16 code units. */
export function unitsOf(char: string, encoding: SmsEncoding): number {
  return encoding === 'gsm7' ? gsmSeptetsOf(char) : char.length;
}

/**
 * Splits a text into the texts of its SMS parts. Walks code points, so a surrogate pair (emoji) or
 * a GSM escape pair (€ [ ] { } …) is never cut in two: a part that cannot take the whole character
 * ends early (the same walk as `countSmsSegments`).
 */
export function splitTextParts(text: string): { encoding: SmsEncoding; texts: string[]; units: number } {
  const encoding = encodingFor(text);
  const chars = Array.from(text);
  const units = chars.reduce((sum, char) => sum + unitsOf(char, encoding), 0);
  if (units <= SMS_SINGLE_LIMIT[encoding]) return { encoding, texts: [text], units };
  const limit = SMS_PART_LIMIT[encoding];
  const texts: string[] = [];
  let current = '';
  let used = 0;
  for (const char of chars) {
    const size = unitsOf(char, encoding);
    if (used + size > limit) {
      texts.push(current);
      current = '';
      used = 0;
    }
    current += char;
    used += size;
  }
  if (current) texts.push(current);
  return { encoding, texts, units };
}
