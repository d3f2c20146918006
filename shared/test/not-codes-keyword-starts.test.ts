import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { leadingWords, wordFinder, wordStarts } from '../src/code-extraction/keyword-starts';
import { MASK, maskNotCodes } from '../src/code-extraction/not-codes';

/**
 * The rules that begin with words ("card", "order", "$"…) are tried only where one of their words
 * starts, found for all of them in one pass. That is a speed-up, never a change of answer: the words
 * are read from the rules themselves, and on both corpora, on long texts and on crafted texts (words
 * glued to other words, inside other words, overlapping, far from digits, cut by blanking) the
 * rules blank what their own scan over every position blanks.
 */
describe('the leading words of an expression', () => {
  test('are read from its first group: classes, escapes, nested groups, letters that may be left out', () => {
    expect(leadingWords(/(?<![a-z])(?:visa|mc|cards?)-?\d{4}/gu)).toEqual(['visa', 'mc', 'card']);
    expect(leadingWords(/(?:[$€]|r\$|rp\.?|a\/c\.|ending(?:\s(?:in|with))?|ends\sin)\s?\d/gu)).toEqual([
      '$',
      '€',
      'r$',
      'rp',
      'a/c.',
      'ending',
      'ends',
    ]);
    expect(leadingWords(/(?:(?:call|tel)(?![\p{L}])|拨打|订单号?)\d/gu)).toEqual([
      'call',
      'tel',
      '拨打',
      '订单',
    ]);
  });

  test('are refused when a match could begin otherwise', () => {
    expect(() => leadingWords(/\d{1,9}\s?(?:kg|mg)/gu)).toThrow();
    expect(() => leadingWords(/(?:card|\d)\d/gu)).toThrow();
    expect(() => leadingWords(/(?:card|x?y)\d/gu)).toThrow();
    expect(() => leadingWords(/(?:card|[a-z])\d/gu)).toThrow();
    expect(() => leadingWords(/(?:card)?\d/gu)).toThrow();
    expect(() => leadingWords(/(?:card|visa)\d/giu)).toThrow();
  });
});

describe('the positions where words start', () => {
  test('every word of every list, inside other words and overlapping', () => {
    const finder = wordFinder([
      ['card', 'cards', 'ac', 'acc'],
      ['card', 'mc'],
      ['$', 'r$'],
    ]);
    //            0123456789012345678901
    const text = 'acc cards 5 r$ mcard$';
    expect(wordStarts(text, finder)).toEqual([
      [0, 4, 16],
      [4, 15, 16],
      [12, 13, 20],
    ]);
  });
});

const readCorpus = (path: string): string[] =>
  (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { text: string }[]).map((m) => m.text);
const messages = [
  ...readCorpus('../../server/test/fixtures/sms-corpus/corpus.json'),
  ...readCorpus('../../server/src/modules/inbound/code-corpus.json'),
];
const glued = (size: number): string[] => {
  const texts: string[] = [];
  for (let i = 0; i + size <= messages.length; i += size) texts.push(messages.slice(i, i + size).join('\n'));
  return texts;
};
const crafted = [
  // Words glued to letters: the rule's match is taken and left alone (it still ends the scan there).
  'scard 1234 visa 5678 xorder 12345 payorder no 55555 recall 88005553535',
  'order number 12345, order no. 6789, ref: AB-12, id12345, no 1234, #4821, № 552',
  // Words inside words, overlapping words, one rule's word inside another's.
  'account 1234 acc 5678 a/c. 9012 a/c 3456 mastercard 7890 mc1234 mir-5555 ecmc 2222 ending in 3333',
  'usd 100 usdt 200 $5 r$ 10 rs. 500 rp 20.000 ksh 300 tl 40 mt 50 txnid 778899 cancel 4444 opt-out 3333',
  'text STOP to 87121, reply YES at 45454, sms 1 to 900, отправьте код на 7777, 回复T退订 1234, 回复TD 5555',
  'звоните 88005553535, тел. 8 (495) 123-45-67, заказ 12345, чек 987, карта *1234, счёт 40817',
  '您的订单号12345，尾号1234的卡，拨打95588，验证码 482913',
  // Blanking by an earlier rule cuts a word: "card" after a date, money before "order".
  '12.05.2024card 1234 $1,234.56order 5555 14:30call 12345678',
  // The mask character in the input, and words far from any digit.
  `card ${MASK}1234 ${MASK}order${MASK} 5678 ${'card order call text '.repeat(20)} 4821`,
  `${'lorem ipsum '.repeat(30)}visa${'x'.repeat(200)}1234 card`,
  // Upper case (the rules read lower case) and many words in a row.
  'CARD 1234 ORDER 5678 CALL 12345678 TEXT STOP TO 87121 USD 100 ATM 4444',
  'no no no no id id id 1234 # # # 5678 № № 9012 td td 3456 $$$ 7890',
];

describe('rules tried only where their words start blank what their scan over every position blanks', () => {
  test.each([
    ['each message', messages],
    ['forty messages glued', glued(40)],
    ['crafted texts', crafted],
  ])('%s', (_, texts) => {
    const differing = texts.filter((text) => {
      const atWords = maskNotCodes(text);
      for (const options of [{ atKeywordsOnly: false }, { atKeywordsOnly: false, nearDigitsOnly: false }]) {
        const scanned = maskNotCodes(text, options);
        if (
          atWords.masked !== scanned.masked ||
          JSON.stringify(atWords.spans) !== JSON.stringify(scanned.spans)
        )
          return true;
      }
      return false;
    });
    expect(differing).toEqual([]);
    expect(texts.length).toBeGreaterThan(3);
  });

  test('the crafted texts have words the rules blank after', () => {
    const reasons = new Set(crafted.flatMap((text) => maskNotCodes(text).spans.map((s) => s.reason)));
    expect([...reasons].sort()).toEqual(
      expect.arrayContaining(['cardOrAccount', 'money', 'phone', 'reference', 'shortCode']),
    );
  });
});
