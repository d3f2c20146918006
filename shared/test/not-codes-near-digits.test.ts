import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { maskNotCodes } from '../src/code-extraction/not-codes';

/**
 * The not-a-code rules that need a digit run only over the stretches of text around digits. That is
 * a speed-up, never a change of answer: on every message of both corpora, on runs of them glued into
 * long texts, and on texts whose digits sit far apart, both ways blank the same spans.
 */
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

const padding = 'lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6);
const farApart = [
  `Card *1234 ${padding} your code is 482913 ${padding} call +7 (912) 345-67-89`,
  `${padding}Order #A12345 paid $1,234.56 on 2024-05-12 14:30${padding}reply STOP to 87121`,
  `${padding.repeat(10)}код 5931`,
  `5931 ${padding.repeat(10)}`,
];

describe('the not-a-code rules around digits blank what they blank over the whole text', () => {
  test.each([
    ['each message', messages],
    ['three messages glued with a space', glued(3, ' ')],
    ['forty messages glued with new lines', glued(40, '\n')],
    ['digits far apart', farApart],
  ])('%s', (_, texts) => {
    const differing = texts.filter((text) => {
      const near = maskNotCodes(text);
      const whole = maskNotCodes(text, { nearDigitsOnly: false });
      return near.masked !== whole.masked || JSON.stringify(near.spans) !== JSON.stringify(whole.spans);
    });
    expect(differing).toEqual([]);
    expect(texts.length).toBeGreaterThan(3);
  });

  test('spans come in reading order with their reasons', () => {
    const { spans } = maskNotCodes(`Card *1234 ${padding} paid $25 at 14:30`);
    expect(spans.map((s) => [s.text, s.reason])).toEqual([
      ['*1234', 'cardOrAccount'],
      ['$25', 'money'],
      ['14:30', 'time'],
    ]);
  });
});
