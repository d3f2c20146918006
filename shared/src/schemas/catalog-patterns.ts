/**
 * The patterns of an application (spec glossary: sender/keyword patterns that attribute an inbound
 * SMS to it, and a code-extraction pattern): JavaScript regular expressions, matched
 * case-insensitively. Patterns are typed by administrators and run on every inbound SMS, so they are
 * checked before they are stored: one that does not compile, that matches the empty text, or whose
 * shape can make matching take exponential or high-polynomial time is refused.
 */

export const DEFAULT_CODE_PATTERN = String.raw`\b(\d{4,8})\b`;
export const PATTERN_MAX_LENGTH = 200;
/** Unbounded repetitions (`*`, `+`, `{n,}`) one pattern may hold: `\d*\d*\d*\d*\d*` is O(n^5). */
const MAX_UNBOUNDED = 4;
/** Inbound texts are matched on their first characters only (an SMS is at most a few hundred). */
export const MATCH_TEXT_LIMIT = 4096;

export type PatternProblem = 'invalid' | 'unsafe' | 'matchesEmpty';

type Frame = { repeats: boolean; alternation: boolean };

/** Reads a `{n}`, `{n,}` or `{n,m}` quantifier at `i`; null when the brace is a literal. */
function braceQuantifier(pattern: string, i: number): { end: number; max: number } | null {
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!match) return null;
  const max =
    match[2] === undefined ? Number(match[1]) : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3]);
  return { end: i + match[0].length, max };
}

/**
 * Star height and friends, read from the pattern's text: a repeated group that itself contains a
 * repetition (`(a+)+`, `(\d{2,}){3,}`) or an alternation repeated without bound (`(a|ab)*`) is
 * refused, as are back-references and more than a few unbounded repetitions.
 */
function isUnsafe(pattern: string): boolean {
  const stack: Frame[] = [{ repeats: false, alternation: false }];
  /** What the last atom was: a group (with what it contained) or a plain atom; null when none. */
  let last: { group: Frame | null } | null = null;
  let unbounded = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    const frame = stack[stack.length - 1]!;
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return true;
      i++;
      last = { group: null };
      continue;
    }
    if (ch === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      last = { group: null };
      continue;
    }
    if (ch === '(') {
      stack.push({ repeats: false, alternation: false });
      if (pattern[i + 1] === '?') {
        const named = /^\?<[A-Za-z_$][\w$]*>/.exec(pattern.slice(i + 1));
        i += named ? named[0].length : pattern[i + 2] === '<' ? 3 : 2;
      }
      last = null;
      continue;
    }
    if (ch === ')') {
      const closed = stack.length > 1 ? stack.pop()! : frame;
      const parent = stack[stack.length - 1]!;
      if (closed.repeats) parent.repeats = true;
      last = { group: closed };
      continue;
    }
    if (ch === '|') {
      frame.alternation = true;
      last = null;
      continue;
    }
    let max: number | null = null;
    let end = i;
    if (ch === '*' || ch === '+') max = Number.POSITIVE_INFINITY;
    else if (ch === '?') max = 1;
    else if (ch === '{') {
      const q = braceQuantifier(pattern, i);
      if (q) {
        max = q.max;
        end = q.end - 1;
      }
    }
    if (max === null) {
      last = { group: null };
      continue;
    }
    i = end;
    if (pattern[i + 1] === '?') i++; // lazy
    if (max === Number.POSITIVE_INFINITY) unbounded++;
    const repeats = max > 1;
    if (repeats && last?.group) {
      if (last.group.repeats) return true;
      if (last.group.alternation && max === Number.POSITIVE_INFINITY) return true;
    }
    if (repeats) frame.repeats = true;
    last = null;
  }
  return unbounded > MAX_UNBOUNDED;
}

/** Why a pattern cannot be used, or null when it can. The empty pattern is allowed (it means "none"). */
export function checkPattern(pattern: string): PatternProblem | null {
  if (pattern === '') return null;
  let matchesEmpty: boolean;
  try {
    // V8 compiles a pattern on first use: one too large to compile throws only then, not in the constructor.
    matchesEmpty = new RegExp(pattern, 'i').test('');
  } catch {
    return 'invalid';
  }
  if (isUnsafe(pattern)) return 'unsafe';
  if (matchesEmpty) return 'matchesEmpty';
  return null;
}

const cache = new Map<string, RegExp | null>();
/** The compiled pattern (case-insensitive), cached; null for the empty or an unusable pattern. */
export function compilePattern(pattern: string): RegExp | null {
  let regex = cache.get(pattern);
  if (regex === undefined) {
    regex = pattern === '' || checkPattern(pattern) ? null : new RegExp(pattern, 'i');
    if (cache.size > 2000) cache.clear();
    cache.set(pattern, regex);
  }
  return regex;
}

export type PatternedApplication = { senderPattern: string; keywordPattern: string };

/**
 * Whether an inbound SMS belongs to the application: its sender matches the sender pattern or its
 * text matches the keyword pattern. An application with neither pattern (such as "Any other")
 * accepts every SMS sent to its number.
 */
export function smsMatchesApplication(
  app: PatternedApplication,
  sms: { sender: string; text: string },
): boolean {
  const sender = compilePattern(app.senderPattern);
  const keyword = compilePattern(app.keywordPattern);
  if (!sender && !keyword) return true;
  return Boolean(
    sender?.test(sms.sender.slice(0, 256)) || keyword?.test(sms.text.slice(0, MATCH_TEXT_LIMIT)),
  );
}

/** The code in a text: the first capture group that matched (or the whole match when there is none); null if none. */
export function extractCode(codePattern: string, text: string): string | null {
  const regex = compilePattern(codePattern || DEFAULT_CODE_PATTERN);
  const match = regex?.exec(text.slice(0, MATCH_TEXT_LIMIT));
  if (!match) return null;
  const group = match.slice(1).find((g) => g !== undefined && g !== '');
  return (group ?? match[0]) || null;
}
