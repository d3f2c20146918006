import { fitsGsm7, GSM7_BASIC, GSM7_ESC, GSM7_EXTENSION, gsmSeptetsOf as gsmSeptets } from '@jiema/shared';

/**
 * GSM 03.38 (3GPP TS 23.038 §6.2.1) default alphabet and its extension table, unpacked: one septet
 * per octet, as SMPP carries it under data_coding 0.
 */
const BASIC = GSM7_BASIC;
const EXTENSION = GSM7_EXTENSION;

export const ESC = GSM7_ESC;
const basicCode = new Map<string, number>();
for (let code = 0; code < BASIC.length; code += 1) {
  if (code !== ESC) basicCode.set(BASIC[code]!, code);
}
const extensionCode = new Map<string, number>(EXTENSION.map(([code, char]) => [char, code]));
const extensionChar = new Map<number, string>(EXTENSION);

// Counting lives in shared (the browser's preview uses it too).
export { fitsGsm7, gsmSeptets };

/** Encodes text that fits GSM-7 (check with `fitsGsm7` first); any other character becomes '?'. */
export function encodeGsm7(text: string): Buffer {
  const out: number[] = [];
  for (const char of text) {
    const basic = basicCode.get(char);
    if (basic !== undefined) {
      out.push(basic);
      continue;
    }
    const ext = extensionCode.get(char);
    if (ext !== undefined) out.push(ESC, ext);
    else out.push(0x3f);
  }
  return Buffer.from(out);
}

/**
 * Decodes unpacked septets. An escape before a code the extension table lacks shows the basic
 * character (TS 23.038: "the receiving entity shall display the character in the default table").
 */
export function decodeGsm7(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 1) {
    const code = bytes[i]! & 0x7f;
    if (code === ESC) {
      const next = bytes[i + 1];
      if (next === undefined) break;
      i += 1;
      text += extensionChar.get(next & 0x7f) ?? (next === ESC ? ' ' : BASIC[next & 0x7f]!);
      continue;
    }
    text += BASIC[code]!;
  }
  return text;
}
