import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { findCodeWords, type WordSpan } from '../src/code-extraction/code-word-scan';
import {
  CODE_WORD_ENDINGS,
  CODE_WORDS,
  CODE_WORDS_ANYWHERE,
  NOT_CODE_BEFORE,
  NOT_CODE_PHRASES,
  NOT_CODE_WORDS,
} from '../src/code-extraction/code-words';
import { generalExtract } from '../src/general-extractor';

/**
 * The word scan reads each character once by table and each word backwards from its end. That is a
 * speed-up, never a change of answer: on every message of both corpora, on runs of them glued into
 * long texts, and on texts with hyphens, apostrophes, capitals whose lower case is longer ("İ") and
 * letters beyond the Basic Multilingual Plane, it finds what the plain reading below finds (one
 * expression for words, a set look-up per word, the words found anywhere by `startsWith`).
 */
const WHOLE = new Set(Object.values(CODE_WORDS).flat());
function plainIsCodeWord(word: string): boolean {
  if (NOT_CODE_WORDS.has(word)) return false;
  if (WHOLE.has(word)) return true;
  return CODE_WORD_ENDINGS.some((e) => word.length > e.length + 2 && word.endsWith(e));
}
function plainFindCodeWords(text: string): WordSpan[] {
  const found: WordSpan[] = [];
  let previous = '';
  const lower = text.toLowerCase();
  const source = lower.length === text.length ? lower : text;
  for (const m of source.matchAll(/[\p{L}\p{M}][\p{L}\p{M}'’-]{0,63}/gu)) {
    const token = (source === lower ? m[0] : m[0].toLowerCase()).replace(/[-'’]+$/, '');
    const parts = token.includes('-') ? [token, ...token.split('-')] : [token];
    if (!NOT_CODE_BEFORE.has(previous) && parts.some(plainIsCodeWord))
      found.push({ start: m.index, end: m.index + m[0].length });
    previous = token;
  }
  const anywhere = [...CODE_WORDS_ANYWHERE].sort((a, b) => b.length - a.length);
  for (let start = 0; start < text.length; start++) {
    const word = anywhere.find((w) => text.startsWith(w, start));
    if (!word) continue;
    const inPhrase = NOT_CODE_PHRASES.some((phrase) => {
      const at = phrase.indexOf(word);
      return at >= 0 && text.startsWith(phrase, start - at);
    });
    if (!inPhrase) found.push({ start, end: start + word.length });
    start += word.length - 1;
  }
  return found.sort((a, b) => a.start - b.start);
}

const readCorpus = (path: string): string[] =>
  (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { text: string }[]).map((m) => m.text);
const messages = [
  ...readCorpus('../../server/test/fixtures/sms-corpus/corpus.json'),
  ...readCorpus('../../server/src/modules/inbound/code-corpus.json'),
];
function glued(size: number, separator: string): string[] {
  const texts: string[] = [];
  for (let i = 0; i + size <= messages.length; i += size)
    texts.push(messages.slice(i, i + size).join(separator));
  return texts;
}
const awkward = [
  'İSTANBUL kodunuz 4821, PROMO-CODE 1234, one-time-code 5678',
  "Your sms-code: 1234; area code 212; d'accesscode 99; code'' 77; ‘code’ 55",
  'Bestätigungscode 123456 barcode 999 Postcode 1234 Code-',
  `𝐜𝐨𝐝𝐞 1234 😀code 5678 ${'a'.repeat(70)}code 4321 ${'я'.repeat(63)}-код 1111`,
  'ΚΩΔΙΚΟΣ 1234 κωδικός 5678 ΟΔΟΣ',
  '您的验证码是123456，邮政编码100000；رمز ارز 12 رمز 3456 인증 번호 7788',
  'promo\ncode 1234 -- code-- 5678 co-de 9 ко-д 1',
];

describe('the word scan finds what the plain reading finds', () => {
  test.each([
    ['each message', messages],
    ['three messages glued with a space', glued(3, ' ')],
    ['forty messages glued with new lines', glued(40, '\n')],
    ['awkward words', awkward],
  ])('%s', (_, texts) => {
    const differing = texts.filter(
      (text) => JSON.stringify(findCodeWords(text)) !== JSON.stringify(plainFindCodeWords(text)),
    );
    expect(differing).toEqual([]);
    expect(texts.length).toBeGreaterThan(3);
  });

  test('words are found with their spans', () => {
    const text = 'Area code 212. Your code: 4821';
    expect(findCodeWords(text).map((w) => text.slice(w.start, w.end))).toEqual(['code']);
  });
});

describe('broken UTF-16 (lone surrogates), as a malformed SMS or form field can carry', () => {
  test.each([
    ['a high surrogate at the end', 'Your code: 4821\ud800'],
    ['a high surrogate alone', '\ud800'],
    ['a high surrogate before a letter', 'code \ud800a 4821'],
    ['a low surrogate alone', '\udc00 code 4821'],
  ])('%s: no letter, and the scan goes on', (_, text) => {
    expect(findCodeWords(text)).toEqual(plainFindCodeWords(text));
    expect(generalExtract(text)).toBe(text.includes('4821') ? '4821' : null);
  });
});
