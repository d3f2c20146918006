/**
 * What a typed pattern may cost. RE2 matches in time linear in the text, but the factor is the size
 * of the compiled program, and bounded repeats are expanded: `.{0,1000}` is 2,000 instructions, and
 * 22 of them (199 characters) compile to 44,003, which took 0.8 s to compile and 39 s to match one
 * 4,096-character SMS. So a pattern's program is bounded (`PATTERN_PROGRAM_LIMIT`), and the text a
 * pattern is matched on shrinks as its program grows, bounding the work of one match (instructions ×
 * characters, `MATCH_WORK_LIMIT`): the NFA steps at most every instruction once per character.
 * Measured (bench/pattern-cost.ts): about 60 ns per instruction and character in the worst case, so
 * one match costs at most about 12 ms, whatever the pattern and the text.
 */

/** Instructions of a compiled pattern (re2js `programSize()`); the default code pattern has 18. */
export const PATTERN_PROGRAM_LIMIT = 400;
/** Instructions × characters of one match. */
export const MATCH_WORK_LIMIT = 200_000;

/**
 * An estimate of the compiled size, read from the pattern text without compiling it (compiling a
 * pattern of 44,000 instructions takes most of a second): each atom 1, a group's content plus 2,
 * an alternative 1, `x{n,m}` m copies of x plus m - n branches, `x*` `x+` `x?` x plus 1. It follows re2js's
 * expansion closely (shared/test/pattern-cost.test.ts), so a pattern far over the limit is refused before
 * it is compiled; the compiled size decides the rest.
 */
export function estimateProgramSize(pattern: string): number {
  /** Sizes of the groups open around the current position; [0] is the whole pattern. */
  const stack: number[] = [0];
  let last = 0; // size of the last atom (what a repeat operator applies to)
  let i = 0;
  const atom = (size: number) => {
    stack[stack.length - 1]! += size;
    last = size;
  };
  /** `x{min,max}`: max copies of x, and a branch for each optional one. */
  const repeat = (copies: number, branches: number) => {
    stack[stack.length - 1]! += last * (copies - 1) + branches;
    last = 0;
  };
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        const literal = end < 0 ? pattern.slice(i + 2) : pattern.slice(i + 2, end);
        for (let k = 0; k < literal.length; k++) atom(1);
        i = end < 0 ? pattern.length : end + 2;
        continue;
      }
      if ((next === 'p' || next === 'P' || next === 'x') && pattern[i + 2] === '{') {
        const end = pattern.indexOf('}', i + 2);
        i = end < 0 ? pattern.length : end + 1;
      } else if (next === 'p' || next === 'P') i += 3;
      else if (next === 'x') i += 4;
      else if (/[0-7]/.test(next)) {
        i += 2;
        while (i < pattern.length && /[0-7]/.test(pattern[i]!) && i - 1 < 4) i++;
      } else i += 2;
      atom(1);
      continue;
    }
    if (c === '[') {
      let k = i + 1;
      if (pattern[k] === '^') k++;
      if (pattern[k] === ']') k++;
      while (k < pattern.length && pattern[k] !== ']') {
        if (pattern[k] === '\\') k += 2;
        else if (pattern[k] === '[' && pattern[k + 1] === ':') {
          const end = pattern.indexOf(':]', k + 2);
          k = end < 0 ? k + 1 : end + 2;
        } else k++;
      }
      i = k + 1;
      atom(1);
      continue;
    }
    if (c === '(') {
      if (pattern[i + 1] === '?') {
        // (?flags) changes flags and is no group; (?:…), (?i:…), (?P<name>…) and (?<name>…) are.
        const close = pattern.indexOf(')', i);
        const colon = pattern.indexOf(':', i);
        const named = pattern[i + 2] === 'P' || pattern[i + 2] === '<';
        if (!named && close >= 0 && (colon < 0 || close < colon)) {
          i = close + 1;
          continue;
        }
        i = named ? pattern.indexOf('>', i) + 1 || pattern.length : colon + 1;
      } else i++;
      stack.push(0);
      last = 0;
      continue;
    }
    if (c === ')') {
      const inner = stack.length > 1 ? stack.pop()! : 0;
      i++;
      atom(inner + 2);
      continue;
    }
    if (c === '|') {
      stack[stack.length - 1]! += 1;
      last = 0;
      i++;
      continue;
    }
    if (c === '*' || c === '+' || c === '?') {
      repeat(1, 1);
      i++;
      if (pattern[i] === '?') i++; // lazy
      continue;
    }
    if (c === '{') {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (counted) {
        const min = Number(counted[1]);
        const max = counted[2] === undefined ? min : counted[3] ? Number(counted[3]) : min + 1;
        repeat(Math.max(1, max), Math.max(1, max - min));
        i += counted[0].length;
        if (pattern[i] === '?') i++;
        continue;
      }
    }
    i++;
    atom(1);
  }
  return stack.reduce((sum, size) => sum + size, 0) + 2;
}

/** How many characters of a text a pattern of `programSize` instructions is matched on. */
export function matchTextLength(programSize: number, textLimit: number): number {
  return Math.min(textLimit, Math.floor(MATCH_WORK_LIMIT / Math.max(1, programSize)));
}
