import { describe, expect, test } from 'vitest';
import { countSmsSegments, splitTextParts } from '../src';

/** The preview's count (sms-text.ts) and the encoder's parts (sms-segments.ts) must never disagree. */
describe('the preview count equals the parts the SMPP encoder sends', () => {
  const texts = [
    'a'.repeat(160),
    'a'.repeat(161),
    'a'.repeat(306),
    'a'.repeat(307),
    `${'a'.repeat(152)}€${'b'.repeat(10)}`,
    '€'.repeat(80),
    '€'.repeat(81),
    '验'.repeat(70),
    '验'.repeat(71),
    `${'x'.repeat(66)}😀${'y'.repeat(5)}`,
    '😀'.repeat(40),
    'Hi {name}, your code is 1234',
  ];
  test.each(texts.map((text) => [text.length, text] as const))('%i characters', (_, text) => {
    const counted = countSmsSegments(text);
    const split = splitTextParts(text);
    expect(split.texts).toHaveLength(counted.segments);
    expect(split.encoding).toBe(counted.encoding);
    expect(split.units).toBe(counted.units);
    expect(split.texts.join('')).toBe(text);
  });
});
