/**
 * What one match of a typed pattern costs, before and after the bounds of shared/src/schemas/
 * pattern-cost.ts: the worst patterns (large bounded repeats) against the default code pattern, on a
 * 4,096-character SMS, in the same run. "before" matches the whole text as the server used to (and
 * ignores the program limit); "after" is what the server does now: patterns over the limit are
 * refused, the heaviest allowed one runs on the text its program size leaves. Reports milliseconds
 * per match and the ratio to the default pattern.
 *
 *   npm run bench:pattern-cost -w bench                # 3 rounds
 *   node --import tsx bench/pattern-cost.mjs --rounds 1 --skip-slowest   # quick check (skips the 40 s one)
 */
import { parseArgs } from 'node:util';
import { RE2JS } from 're2js';
import {
  checkPattern,
  DEFAULT_CODE_PATTERN,
  MATCH_TEXT_LIMIT,
} from '../shared/src/schemas/catalog-patterns.ts';
import { matchTextLength, PATTERN_PROGRAM_LIMIT } from '../shared/src/schemas/pattern-cost.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '3' },
    'skip-slowest': { type: 'boolean', default: false },
  },
});
const rounds = Math.max(1, Number(values.rounds));
const text = `Your code 246810 ${'a'.repeat(MATCH_TEXT_LIMIT - 17)}`;
const patterns = {
  default: DEFAULT_CODE_PATTERN,
  heaviestAllowed: `.{0,${PATTERN_PROGRAM_LIMIT / 2 - 3}}x`,
  single1000: '.{0,1000}x',
  nested: '(a{30}){30}'.repeat(10),
  fixed16x1000: '[\\s\\S]{1000}'.repeat(16),
  ...(values['skip-slowest'] ? {} : { optional22x1000: `${'.{0,1000}'.repeat(22)}x` }),
};

function timeMatch(regex, input) {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    const m = regex.matcher(input);
    if (m.find() && regex.groupCount() > 0) m.group(1);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const rows = [];
for (const [name, pattern] of Object.entries(patterns)) {
  const compileStarted = performance.now();
  const regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  const compileMs = performance.now() - compileStarted;
  const size = regex.programSize();
  const before = timeMatch(regex, text);
  const problem = checkPattern(pattern);
  const after = problem ? null : timeMatch(regex, text.slice(0, matchTextLength(size, MATCH_TEXT_LIMIT)));
  rows.push({ name, instructions: size, compileMs, before, after, problem });
}
const base = rows[0].before;
console.log('pattern            instructions  compile ms  before ms (×default)  after ms (×default)');
for (const r of rows) {
  const after =
    r.after === null ? `refused (${r.problem})` : `${r.after.toFixed(2)} (×${(r.after / base).toFixed(0)})`;
  console.log(
    `${r.name.padEnd(18)} ${String(r.instructions).padStart(12)} ${r.compileMs.toFixed(1).padStart(11)}  ${`${r.before.toFixed(2)} (×${(r.before / base).toFixed(0)})`.padEnd(21)} ${after}`,
  );
}
