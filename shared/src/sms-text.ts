/**
 * Mass SMS text rules shared by the browser (live preview) and the server (billing, splitting):
 * GSM-7 / UCS-2 segment counting and template variables (numbers: `phone-number.ts`).
 */

/** GSM 03.38 default alphabet (ESC at 0x1B excluded) and its extension table (2 septets each). */
const GSM_BASIC = new Set(
  Array.from(
    '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
      '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
  ),
);
const GSM_EXTENSION = new Set(Array.from('\f^{}\\[~]|€'));

export type SmsEncoding = 'gsm7' | 'ucs2';
export const SMS_SINGLE_LIMIT = { gsm7: 160, ucs2: 70 } as const;
/** Per part once the 6-octet concatenation UDH takes its room. */
export const SMS_PART_LIMIT = { gsm7: 153, ucs2: 67 } as const;
/** Longest message accepted for sending (parts): keeps one recipient's cost bounded. */
export const SMS_MAX_SEGMENTS = 10;

export function gsmSeptetsOf(char: string): 0 | 1 | 2 {
  if (GSM_BASIC.has(char)) return 1;
  if (GSM_EXTENSION.has(char)) return 2;
  return 0;
}

export type SegmentCount = {
  encoding: SmsEncoding;
  /** Septets (GSM-7, an extension character is 2) or UTF-16 code units (UCS-2, an emoji is 2). */
  units: number;
  segments: number;
  /** Characters that forced UCS-2 (distinct, in order of appearance). */
  nonGsmCharacters: string[];
};

/**
 * Segments of a text as the SMSC bills it. Splitting never cuts a GSM escape pair or a surrogate
 * pair, so a part may end a unit early: the count walks the parts exactly like the server splitter.
 */
export function countSmsSegments(text: string): SegmentCount {
  const chars = Array.from(text);
  const nonGsm: string[] = [];
  for (const char of chars) if (gsmSeptetsOf(char) === 0 && !nonGsm.includes(char)) nonGsm.push(char);
  const encoding: SmsEncoding = nonGsm.length ? 'ucs2' : 'gsm7';
  const unitsOf = (char: string) => (encoding === 'gsm7' ? gsmSeptetsOf(char) : char.length);
  const units = chars.reduce((sum, char) => sum + unitsOf(char), 0);
  if (units === 0) return { encoding, units, segments: 0, nonGsmCharacters: nonGsm };
  if (units <= SMS_SINGLE_LIMIT[encoding]) return { encoding, units, segments: 1, nonGsmCharacters: nonGsm };
  const limit = SMS_PART_LIMIT[encoding];
  let segments = 1;
  let used = 0;
  for (const char of chars) {
    const size = unitsOf(char);
    if (used + size > limit) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments, nonGsmCharacters: nonGsm };
}

/** `{name}` placeholders of a template, distinct, in order. */
export function templateVariables(content: string): string[] {
  const names: string[] = [];
  for (const match of content.matchAll(/\{([A-Za-z_][A-Za-z0-9_]{0,31})\}/g)) {
    if (!names.includes(match[1]!)) names.push(match[1]!);
  }
  return names;
}

/** Fills `{name}` placeholders; a missing variable is reported, not left in the text. */
export function renderTemplate(
  content: string,
  variables: Record<string, string>,
): { text: string; missing: string[] } {
  const missing: string[] = [];
  const text = content.replace(/\{([A-Za-z_][A-Za-z0-9_]{0,31})\}/g, (whole, name: string) => {
    if (Object.hasOwn(variables, name)) return variables[name]!;
    if (!missing.includes(name)) missing.push(name);
    return whole;
  });
  return { text, missing };
}
