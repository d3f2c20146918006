import { readFileSync } from 'node:fs';
import { generalExtract } from '@jiema/shared';
import { describe, expect, test } from 'vitest';

/**
 * The general extractor on messages nobody here wrote: test fixtures of OTP auto-fill apps and OTP
 * parsers, services' SMS templates and their translations, bank notices and SMS spam, each with its
 * source (fixtures/sms-corpus/SOURCES.md). The report lists accuracy per language and per kind.
 */
type Sample = { text: string; code: string | null; lang: string; kind: string; source: string };
const corpus: Sample[] = JSON.parse(
  readFileSync(new URL('../fixtures/sms-corpus/corpus.json', import.meta.url), 'utf8'),
);
const results = corpus.map((s) => ({ ...s, got: generalExtract(s.text) }));

function table(key: (s: Sample) => string): string {
  const groups = new Map<string, { right: number; all: number }>();
  for (const r of results) {
    const g = groups.get(key(r)) ?? { right: 0, all: 0 };
    g.all++;
    if (r.got === r.code) g.right++;
    groups.set(key(r), g);
  }
  return [...groups]
    .sort((a, b) => b[1].all - a[1].all)
    .map(([k, g]) => `${k} ${g.right}/${g.all}`)
    .join(', ');
}

describe('the general code extractor on the public SMS corpus', () => {
  test('at least 1,000 messages in at least 30 languages, a third without a code', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(corpus.map((s) => s.lang)).size).toBeGreaterThanOrEqual(30);
    expect(corpus.filter((s) => s.code === null).length).toBeGreaterThanOrEqual(corpus.length / 3);
    expect(corpus.every((s) => s.source.length > 0)).toBe(true);
  });

  test('reads at least 99 % right, with at most 2 % false codes on code-less messages', () => {
    const right = results.filter((r) => r.got === r.code).length;
    const codeless = results.filter((r) => r.code === null);
    const falseCodes = codeless.filter((r) => r.got !== null);
    const misses = results.filter((r) => r.got !== r.code);
    console.info(
      [
        `sms corpus: ${right}/${results.length} = ${((right / results.length) * 100).toFixed(2)}%`,
        `false codes on code-less messages: ${falseCodes.length}/${codeless.length}`,
        `per language: ${table((s) => s.lang)}`,
        `per kind: ${table((s) => s.kind)}`,
        ...misses.map(
          (m) =>
            `miss [${m.lang}/${m.kind}] want ${m.code} got ${m.got}: ${JSON.stringify(m.text.slice(0, 120))}`,
        ),
      ].join('\n'),
    );
    expect(right / results.length).toBeGreaterThanOrEqual(0.99);
    expect(falseCodes.length / codeless.length).toBeLessThanOrEqual(0.02);
  });
});
