import { RE2JS } from 're2js';
import { generalExtract } from '../general-extractor';
import { estimateProgramSize, matchTextLength, PATTERN_PROGRAM_LIMIT } from './pattern-cost';

/**
 * The patterns of an application (spec glossary: sender/keyword patterns that attribute an inbound
 * SMS to it, and a code-extraction pattern) and the users' own extraction patterns: regular
 * expressions in RE2 syntax, matched case-insensitively by `re2js`, a linear-time engine. Strangers
 * control the text of every inbound SMS and administrators or customers type the patterns, so no
 * backtracking engine ever runs them: whatever the pattern and the text, matching takes time
 * proportional to the text. Validation is RE2 compilation itself: what RE2 cannot compile
 * (back-references, look-arounds) is refused with a clear message, as is a pattern matching '' and
 * one whose compiled program is too large (pattern-cost.ts: large bounded repeats), and a pattern
 * is matched on no more of a text than keeps the work of one match bounded.
 */

export const DEFAULT_CODE_PATTERN = String.raw`\b(\d{4,8})\b`;
export const PATTERN_MAX_LENGTH = 200;
/** Inbound texts are matched on their first characters only (an SMS is at most a few hundred). */
export const MATCH_TEXT_LIMIT = 4096;

export type PatternProblem = 'invalid' | 'matchesEmpty' | 'tooComplex';

/** A pattern whose compiled program exceeds `PATTERN_PROGRAM_LIMIT` (`size` estimated or compiled). */
export class PatternTooComplexError extends Error {
  constructor(readonly size: number) {
    super(`pattern too complex: ${size} instructions, at most ${PATTERN_PROGRAM_LIMIT}`);
  }
}

/**
 * RE2 compilation, case-insensitive, refusing a program over the limit: first by an estimate from
 * the text (a far larger one is never compiled: that alone could take a second), then by the size of
 * the compiled program. Throws re2js's syntax errors and `PatternTooComplexError`.
 */
export function compileRe2(pattern: string): RE2JS {
  const estimate = estimateProgramSize(pattern);
  if (estimate > 3 * PATTERN_PROGRAM_LIMIT) throw new PatternTooComplexError(estimate);
  const regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  if (regex.programSize() > PATTERN_PROGRAM_LIMIT) throw new PatternTooComplexError(regex.programSize());
  return regex;
}

/** The part of `text` a compiled pattern is matched on (its first characters, fewer for a larger program). */
export function matchedPart(regex: RE2JS, text: string, limit = MATCH_TEXT_LIMIT): string {
  return text.slice(0, matchTextLength(regex.programSize(), limit));
}

/** Why a pattern cannot be used, or null when it can. The empty pattern is allowed (it means "none"). */
export function checkPattern(pattern: string): PatternProblem | null {
  if (pattern === '') return null;
  let regex: RE2JS;
  try {
    regex = compileRe2(pattern);
  } catch (error) {
    return error instanceof PatternTooComplexError ? 'tooComplex' : 'invalid';
  }
  if (regex.test('')) return 'matchesEmpty';
  return null;
}

const cache = new Map<string, RE2JS | null>();
/** The compiled pattern (case-insensitive, RE2), cached; null for the empty or an unusable pattern. */
export function compilePattern(pattern: string): RE2JS | null {
  let regex = cache.get(pattern);
  if (regex === undefined) {
    regex = pattern === '' || checkPattern(pattern) ? null : compileRe2(pattern);
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
    sender?.test(matchedPart(sender, sms.sender, 256)) || keyword?.test(matchedPart(keyword, sms.text)),
  );
}

/** The code a pattern finds in a text: its first non-empty group, else the whole match; null if none or no pattern. */
export function matchCode(pattern: string, text: string): string | null {
  const regex = compilePattern(pattern);
  const match = regex?.exec(matchedPart(regex, text)) as (string | undefined)[] | null | undefined;
  if (!match) return null;
  const group = match.slice(1).find((g) => g !== undefined && g !== null && g !== '');
  return (group ?? match[0]) || null;
}

/**
 * The code of an SMS, exactly as the inbound path extracts it for a rental: the application's own
 * pattern, then the user's own pattern for that application, then the general extractor (also when
 * a pattern finds nothing). A grouped code comes out as the digits a person types. The
 * catalog's default pattern (any 4-8 digits) is what the general extractor does carefully, so an
 * application still on the default goes straight to it. Every pattern tester calls this too, so what
 * a tester shows is what a rental receives.
 */
export function extractCode(codePattern: string, text: string, userPattern?: string | null): string | null {
  return extractCodeWithRule(codePattern, text, userPattern).code;
}

/** Which rule gave a code: the application's pattern, the user's own pattern, or the general extractor. */
export type CodeRule = 'application' | 'user' | 'general';

/** `extractCode`, also saying which rule gave the code (null when none did). */
export function extractCodeWithRule(
  codePattern: string,
  text: string,
  userPattern?: string | null,
): { code: string | null; rule: CodeRule | null } {
  if (codePattern && codePattern !== DEFAULT_CODE_PATTERN) {
    const code = matchCode(codePattern, text);
    if (code) return { code: asTyped(code), rule: 'application' };
  }
  if (userPattern) {
    const code = matchCode(userPattern, text);
    if (code) return { code: asTyped(code), rule: 'user' };
  }
  const code = generalExtract(text);
  return { code, rule: code === null ? null : 'general' };
}

/** A grouped code a pattern captured ("123-456", "123 456") as the digits a person types, like the general extractor's. */
function asTyped(code: string): string {
  return /^\d{2,4}(?:[- ]\d{2,4})+$/.test(code) ? code.replace(/[- ]/g, '') : code;
}
