import { RE2JS } from 're2js';
import { describe, expect, test } from 'vitest';
import {
  checkPattern,
  DEFAULT_CODE_PATTERN,
  estimateProgramSize,
  MATCH_TEXT_LIMIT,
  MATCH_WORK_LIMIT,
  matchTextLength,
  PATTERN_PROGRAM_LIMIT,
} from '../src';

/**
 * The estimate read from a pattern's text decides what is never compiled (more than three times the
 * limit), so it must never fall below the size re2js compiles to; the compiled size decides the rest.
 */
const CORPUS = [
  DEFAULT_CODE_PATTERN,
  String.raw`(?:验证码|校验码|code)\D{0,20}(\d{4,8})`,
  String.raw`Your code is (\d+)`,
  String.raw`^(?:WhatsApp|WA)$`,
  String.raw`(?i)telegram`,
  String.raw`G-(\d{6})`,
  String.raw`(\d{3})-(\d{3})`,
  String.raw`\pL{10}\p{Greek}+`,
  String.raw`\Qa.b\E{3}`,
  String.raw`(?P<code>\d{6})`,
  String.raw`(?<code>\d{6})`,
  String.raw`[[:alpha:]]{5,}`,
  String.raw`[]a]{3}[^]b]{4}`,
  String.raw`(?:a|b|c|d){10}`,
  String.raw`((a?){10}){10}`,
  String.raw`(?s:.{0,50})(\d+)`,
  String.raw`\x{41}{20}\x41{3}\101{5}`,
  String.raw`[a-z]{100}[0-9]{100}`,
  String.raw`(?:(?:(?:a{9}){9}){9})`,
  String.raw`x{2,}y{3,5}?z*?`,
  '.{0,1000}'.repeat(22),
  String.raw`[\s\S]{1000}`.repeat(16),
  String.raw`\pL{1000}`.repeat(20),
  '(a{30}){30}'.repeat(10),
  '((a?){30}){30}x',
];

describe('the estimated program size', () => {
  test.each(CORPUS)('is at least the compiled size: %s', (pattern) => {
    const compiled = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE).programSize();
    expect(estimateProgramSize(pattern)).toBeGreaterThanOrEqual(compiled);
  });
});

describe('checkPattern', () => {
  test('refuses the worst patterns as too complex, keeps ordinary ones', () => {
    expect(checkPattern(`${'.{0,1000}'.repeat(22)}x`)).toBe('tooComplex');
    expect(checkPattern('.{0,1000}x')).toBe('tooComplex');
    expect(checkPattern('(a{30}){30}')).toBe('tooComplex');
    expect(checkPattern(`.{0,${PATTERN_PROGRAM_LIMIT / 2 - 3}}x`)).toBeNull();
    for (const pattern of CORPUS.slice(0, 12)) expect(checkPattern(pattern), pattern).toBeNull();
  });

  test('a larger program is matched on fewer characters: instructions × characters stays bounded', () => {
    expect(matchTextLength(18, MATCH_TEXT_LIMIT)).toBe(MATCH_TEXT_LIMIT);
    expect(
      matchTextLength(PATTERN_PROGRAM_LIMIT, MATCH_TEXT_LIMIT) * PATTERN_PROGRAM_LIMIT,
    ).toBeLessThanOrEqual(MATCH_WORK_LIMIT);
    expect(matchTextLength(PATTERN_PROGRAM_LIMIT, MATCH_TEXT_LIMIT)).toBeGreaterThanOrEqual(500);
  });
});
