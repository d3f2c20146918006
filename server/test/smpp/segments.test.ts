import { describe, expect, it } from 'vitest';
import { decodeGsm7, encodeGsm7, fitsGsm7, gsmSeptets } from '../../src/modules/smpp/gsm7';
import { countSegments, splitText } from '../../src/modules/smpp/segments';
import { decodeText } from '../../src/modules/smpp/text-codec';

/** 3GPP TS 23.038 §6.2.1 default alphabet, row by row (0x00–0x7F), written out independently of gsm7.ts. */
const GSM_0338_ROWS = [
  ['@', 'Δ', ' ', '0', '¡', 'P', '¿', 'p'],
  ['£', '_', '!', '1', 'A', 'Q', 'a', 'q'],
  ['$', 'Φ', '"', '2', 'B', 'R', 'b', 'r'],
  ['¥', 'Γ', '#', '3', 'C', 'S', 'c', 's'],
  ['è', 'Λ', '¤', '4', 'D', 'T', 'd', 't'],
  ['é', 'Ω', '%', '5', 'E', 'U', 'e', 'u'],
  ['ù', 'Π', '&', '6', 'F', 'V', 'f', 'v'],
  ['ì', 'Ψ', "'", '7', 'G', 'W', 'g', 'w'],
  ['ò', 'Σ', '(', '8', 'H', 'X', 'h', 'x'],
  ['Ç', 'Θ', ')', '9', 'I', 'Y', 'i', 'y'],
  ['\n', 'Ξ', '*', ':', 'J', 'Z', 'j', 'z'],
  ['Ø', null, '+', ';', 'K', 'Ä', 'k', 'ä'],
  ['ø', 'Æ', ',', '<', 'L', 'Ö', 'l', 'ö'],
  ['\r', 'æ', '-', '=', 'M', 'Ñ', 'm', 'ñ'],
  ['Å', 'ß', '.', '>', 'N', 'Ü', 'n', 'ü'],
  ['å', 'É', '/', '?', 'O', '§', 'o', 'à'],
];
const EXTENSION: Array<[number, string]> = [
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

describe('GSM 03.38', () => {
  it('every basic character encodes to its table position and back', () => {
    for (let row = 0; row < 16; row += 1) {
      for (let column = 0; column < 8; column += 1) {
        const char = GSM_0338_ROWS[row]![column];
        if (char === null || char === undefined) continue;
        const code = column * 16 + row;
        expect([...encodeGsm7(char)], char).toEqual([code]);
        expect(decodeGsm7(Uint8Array.of(code))).toBe(char);
        expect(gsmSeptets(char)).toBe(1);
      }
    }
  });

  it('every extension character is ESC + its code, costs 2 septets, and decodes back', () => {
    for (const [code, char] of EXTENSION) {
      expect([...encodeGsm7(char)]).toEqual([0x1b, code]);
      expect(decodeGsm7(Uint8Array.of(0x1b, code))).toBe(char);
      expect(gsmSeptets(char)).toBe(2);
    }
  });

  it('characters outside the alphabet: ç, `, emoji, Cyrillic, Chinese', () => {
    for (const char of ['ç', '`', '😀', 'я', '验', 'ő']) expect(fitsGsm7(char)).toBe(false);
    expect(fitsGsm7('Hello @ £ € [x]')).toBe(true);
  });

  it('an unknown escape shows the basic character; IA5 is not read as GSM', () => {
    expect(decodeGsm7(Uint8Array.of(0x1b, 0x41))).toBe('A');
    expect(decodeText(Buffer.from('@$_', 'ascii'), 1)).toBe('@$_');
    expect(decodeText(Buffer.from([0x00, 0x02, 0x11]), 0)).toBe('@$_');
  });
});

describe('segments (sms-gateways.md §6 figures)', () => {
  const cases: Array<[string, string, 'gsm7' | 'ucs2', number]> = [
    ['160 a', 'a'.repeat(160), 'gsm7', 1],
    ['161 a', 'a'.repeat(161), 'gsm7', 2],
    ['306 a', 'a'.repeat(306), 'gsm7', 2],
    ['307 a', 'a'.repeat(307), 'gsm7', 3],
    ['80 €', '€'.repeat(80), 'gsm7', 1],
    ['152 a + { + 10 a', `${'a'.repeat(152)}{${'a'.repeat(10)}`, 'gsm7', 2],
    ['70 я', 'я'.repeat(70), 'ucs2', 1],
    ['71 я', 'я'.repeat(71), 'ucs2', 2],
    ['134 я', 'я'.repeat(134), 'ucs2', 2],
    ['135 я', 'я'.repeat(135), 'ucs2', 3],
    ['35 😀', '😀'.repeat(35), 'ucs2', 1],
    ['36 😀', '😀'.repeat(36), 'ucs2', 2],
    ['short code', 'Your code is 123456', 'gsm7', 1],
    ['lowercase ç forces UCS-2', 'ça va', 'ucs2', 1],
  ];
  it.each(cases)('%s', (_name, text, encoding, segments) => {
    expect(countSegments(text)).toMatchObject({ encoding, segments });
    const split = splitText(text);
    expect(split.texts.join('')).toBe(text);
  });

  it('never splits an escape pair: the part ends early at 152 septets', () => {
    const split = splitText(`${'a'.repeat(152)}€${'b'.repeat(20)}`);
    expect(split.texts[0]).toBe('a'.repeat(152));
    expect(split.bodies[0]).toHaveLength(152);
    expect(split.texts[1]!.startsWith('€')).toBe(true);
  });

  it('never splits a surrogate pair: the part ends early at 66 units', () => {
    const split = splitText(`${'я'.repeat(66)}😀${'я'.repeat(10)}`);
    expect(split.texts[0]).toBe('я'.repeat(66));
    expect(split.bodies[0]).toHaveLength(132);
    expect(split.bodies.every((body) => body.length <= 134)).toBe(true);
  });
});
