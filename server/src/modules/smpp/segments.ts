import { encodeGsm7, fitsGsm7, gsmSeptets } from './gsm7';

/** How a text goes out: GSM-7 when every character fits (data_coding 0), else UCS-2 (data_coding 8). */
export type SmsEncoding = 'gsm7' | 'ucs2';

export const SINGLE_LIMIT = { gsm7: 160, ucs2: 70 } as const;
/** Per part once a 6-octet concatenation UDH takes its room (140 - 6 octets). */
export const PART_LIMIT = { gsm7: 153, ucs2: 67 } as const;
/** One 8-bit sequence number in the UDH. */
export const MAX_PARTS = 255;

export type SplitText = {
  encoding: SmsEncoding;
  dataCoding: 0 | 8;
  /** Each part's text; their concatenation is the message. */
  texts: string[];
  /** Each part's encoded user data, without the UDH. */
  bodies: Buffer[];
};

/** Length in the encoding's units: septets (GSM-7, an extension character is 2) or UTF-16 code units. */
export function unitsOf(char: string, encoding: SmsEncoding): number {
  return encoding === 'gsm7' ? gsmSeptets(char) : char.length;
}

export function encodingFor(text: string): SmsEncoding {
  return fitsGsm7(text) ? 'gsm7' : 'ucs2';
}

/**
 * Splits a text into SMS parts. Walks code points, so a surrogate pair (emoji) or a GSM escape pair
 * (€ [ ] { } …) is never cut in two: a part that cannot take the whole character ends early.
 */
export function splitText(text: string): SplitText {
  const encoding = encodingFor(text);
  const chars = Array.from(text);
  const total = chars.reduce((sum, char) => sum + unitsOf(char, encoding), 0);
  const texts: string[] = [];
  if (total <= SINGLE_LIMIT[encoding]) {
    texts.push(text);
  } else {
    const limit = PART_LIMIT[encoding];
    let current = '';
    let used = 0;
    for (const char of chars) {
      const units = unitsOf(char, encoding);
      if (used + units > limit) {
        texts.push(current);
        current = '';
        used = 0;
      }
      current += char;
      used += units;
    }
    if (current) texts.push(current);
  }
  const bodies = texts.map((part) => (encoding === 'gsm7' ? encodeGsm7(part) : encodeUcs2(part)));
  return { encoding, dataCoding: encoding === 'gsm7' ? 0 : 8, texts, bodies };
}

export function encodeUcs2(text: string): Buffer {
  const out = Buffer.alloc(text.length * 2);
  for (let i = 0; i < text.length; i += 1) out.writeUInt16BE(text.charCodeAt(i), i * 2);
  return out;
}

/** What a text costs, for previews and billing (issue 11): encoding, parts and length in units. */
export function countSegments(text: string): { encoding: SmsEncoding; segments: number; units: number } {
  const split = splitText(text);
  const units = Array.from(text).reduce((sum, char) => sum + unitsOf(char, split.encoding), 0);
  return { encoding: split.encoding, segments: split.texts.length, units };
}
