import { decodeGsm7 } from './gsm7';

/** What a data_coding value means for the text (SMPP 3.4 §5.2.19, plus GSM 03.38 DCS groups above 0x0F). */
export type Alphabet = 'gsm7' | 'ascii' | 'latin1' | 'ucs2' | 'binary' | 'cyrillic' | 'hebrew';

export function alphabetOf(dataCoding: number): Alphabet {
  switch (dataCoding) {
    case 0x00:
      return 'gsm7';
    case 0x01:
      return 'ascii';
    case 0x03:
      return 'latin1';
    case 0x06:
      return 'cyrillic';
    case 0x07:
      return 'hebrew';
    case 0x08:
      return 'ucs2';
    case 0x02:
    case 0x04:
      return 'binary';
  }
  // GSM DCS "data coding / message class" group: bit 2 is 8-bit data, else GSM-7.
  if ((dataCoding & 0xf0) === 0xf0) return dataCoding & 0x04 ? 'binary' : 'gsm7';
  // General data coding groups 00xx / 01xx: bits 3..2 name the alphabet.
  if ((dataCoding & 0x80) === 0) {
    const alphabet = (dataCoding >> 2) & 0x03;
    return alphabet === 2 ? 'ucs2' : alphabet === 1 ? 'binary' : 'gsm7';
  }
  return 'binary';
}

function decodeWith(label: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return Buffer.from(bytes).toString('latin1');
  }
}

/**
 * Decodes message bytes (all parts of a long message concatenated first, so a surrogate pair or a GSM
 * escape split across two parts still joins up). UCS-2 is read as UTF-16BE: emoji arrive as pairs.
 */
export function decodeText(bytes: Uint8Array, dataCoding: number): string {
  switch (alphabetOf(dataCoding)) {
    case 'gsm7':
      return decodeGsm7(bytes);
    case 'ascii':
      // IA5 is 7-bit; a stray 8-bit byte is read as Latin-1 rather than dropped.
      return Buffer.from(bytes).toString('latin1');
    case 'latin1':
    case 'binary':
      return Buffer.from(bytes).toString('latin1');
    case 'cyrillic':
      return decodeWith('iso-8859-5', bytes);
    case 'hebrew':
      return decodeWith('iso-8859-8', bytes);
    case 'ucs2': {
      const even = bytes.length - (bytes.length % 2);
      return decodeWith('utf-16be', bytes.subarray(0, even));
    }
  }
}
