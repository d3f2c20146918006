import { readFileSync } from 'node:fs';
import { generalExtract } from '@jiema/shared';
import { describe, expect, test } from 'vitest';

type Sample = { sender: string; text: string; code: string | null };
const corpus: Sample[] = JSON.parse(
  readFileSync(new URL('../../src/modules/inbound/code-corpus.json', import.meta.url), 'utf8'),
);

describe('the general code extractor on the corpus', () => {
  test('at least 300 real-world style messages, codes and non-codes', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(corpus.filter((s) => s.code === null).length).toBeGreaterThanOrEqual(40);
  });

  test('accuracy is 100%', () => {
    const misses = corpus.map((s) => ({ ...s, got: generalExtract(s.text) })).filter((s) => s.got !== s.code);
    const accuracy = (corpus.length - misses.length) / corpus.length;
    console.info(
      `code corpus: ${corpus.length - misses.length}/${corpus.length} = ${(accuracy * 100).toFixed(2)}%`,
    );
    expect(misses.map((m) => ({ text: m.text, want: m.code, got: m.got }))).toEqual([]);
  });
});
