/**
 * What a person never reads as a verification code (the rules: not-code-rules.ts), blanked out of a
 * text: the general extractor blanks these spans (keeping positions, so distances stay true) before it
 * looks for candidates, and the pattern tester shows them with their reasons.
 */

import { leadingWords, wordFinder, wordStarts } from './keyword-starts';
import { DIGIT_RULES, LINK_RULES, type NotCodeReason, type Rule } from './not-code-rules';

/** The words the rules marked `leadingWords` start with, one list per rule, all found by one expression. */
const KEYWORD_RULES = DIGIT_RULES.filter((rule) => rule.leadingWords);
const KEYWORD_LISTS = KEYWORD_RULES.map((rule) => leadingWords(rule.re));
const KEYWORD_FINDER = wordFinder(KEYWORD_LISTS);
/** Each such rule's list in the finder, and its expression tried at one position only. */
const AT_KEYWORDS = new Map<Rule, { list: number; sticky: RegExp }>(
  KEYWORD_RULES.map((rule, list) => [
    rule,
    { list, sticky: new RegExp(rule.re.source, `${rule.re.flags.replace('g', '')}y`) },
  ]),
);

/** How far around a digit the digit rules look: twice the longest reach of any of them. */
const DIGIT_REACH = 128;

export type MaskedSpan = { start: number; end: number; text: string; reason: NotCodeReason };

/** What a blanked span is made of: a control character no SMS text carries (one-byte, so matching stays fast). */
export const MASK = '\u0001';

/**
 * The text in lower case, character for character (a letter whose lower case is longer, such as
 * "İ", stays as it is), so positions stay true. The rules are written in lower case and run without
 * the case-insensitive flag: that flag makes every alternation of words many times slower.
 */
function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let folded = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    folded += l.length === ch.length ? l : ch;
  }
  return folded;
}

/** Whether `text` has what the rule needs. */
function hasNeeded(text: string, needs: string | RegExp): boolean {
  return typeof needs === 'string' ? text.includes(needs) : needs.test(text);
}

/** Whether `part` is all mask (blanked already by an earlier rule). */
function allMasked(part: string): boolean {
  for (let i = 0; i < part.length; i++) if (part[i] !== MASK) return false;
  return true;
}

/**
 * The next match of `re` in `piece` from where it stands (its `lastIndex`), as a global scan finds
 * it; with `starts` (every position where a match can start, in order; `at` the first not yet
 * passed), only those positions are tried, with the rule's sticky expression.
 */
function nextMatch(
  piece: string,
  re: RegExp,
  sticky: RegExp | undefined,
  starts: number[] | undefined,
  at: { next: number },
): RegExpExecArray | null {
  if (!sticky || !starts) return re.exec(piece);
  while (at.next < starts.length) {
    const start = starts[at.next++]!;
    if (start < re.lastIndex) continue;
    sticky.lastIndex = start;
    const m = sticky.exec(piece);
    if (m) {
      // A match is never empty here (it starts with a word); where the scan goes on from.
      re.lastIndex = start + m[0].length;
      return m;
    }
  }
  return null;
}

/**
 * Applies `rules` in order to `folded` (a piece of the text starting at `offset`), blanking what they
 * match, and adds the spans to `spans` (null: only the blanked text is wanted).
 */
function applyRules(
  folded: string,
  offset: number,
  clean: string,
  rules: Rule[],
  spans: MaskedSpan[] | null,
  atKeywordsOnly = true,
): string {
  let piece = folded;
  // Where the rules' leading words start: found once, when the first such rule comes. Blanking later
  // only takes words away (the mask character is in none of them), so these positions stay enough.
  let keywordStarts: number[][] | undefined;
  for (const rule of rules) {
    const { reason, re, group, keep, notAfter, needs } = rule;
    if (needs && !hasNeeded(piece, needs)) continue;
    const atKeywords = atKeywordsOnly ? AT_KEYWORDS.get(rule) : undefined;
    if (atKeywords) keywordStarts ??= wordStarts(piece, KEYWORD_FINDER);
    const starts = atKeywords ? keywordStarts![atKeywords.list] : undefined;
    const at = { next: 0 };
    // One match after another, as a global replace would take them; the piece is rebuilt only when
    // something is blanked.
    let rebuilt = '';
    let copied = 0;
    re.lastIndex = 0;
    for (
      let m = nextMatch(piece, re, atKeywords?.sticky, starts, at);
      m;
      m = nextMatch(piece, re, atKeywords?.sticky, starts, at)
    ) {
      const whole = m[0];
      const at0 = m.index;
      if (whole === '') re.lastIndex++;
      if (keep?.(m)) continue;
      if (notAfter?.test(piece.slice(Math.max(0, at0 - 2), at0))) continue;
      let start = 0;
      let part = whole;
      if (group !== undefined) {
        const g = m[group];
        if (!g) continue;
        start = whole.lastIndexOf(g);
        part = g;
      }
      if (allMasked(part)) continue;
      const from = offset + at0 + start;
      spans?.push({
        start: from,
        end: from + part.length,
        text: clean.slice(from, from + part.length),
        reason,
      });
      rebuilt += piece.slice(copied, at0 + start) + MASK.repeat(part.length);
      copied = at0 + start + part.length;
    }
    if (copied > 0) piece = rebuilt + piece.slice(copied);
  }
  return piece;
}

/**
 * Digits with at most twice {@link DIGIT_REACH} other characters between them: one match per
 * stretch (their reaches overlap), found by one expression instead of one match per number.
 */
const DIGITS_CLOSE_TOGETHER = new RegExp(String.raw`\d(?:\D{0,${2 * DIGIT_REACH}}\d)*`, 'g');

/** The stretches of `text` within {@link DIGIT_REACH} of a digit, merged, in order. */
function stretchesNearDigits(text: string): [number, number][] {
  const stretches: [number, number][] = [];
  for (const m of text.matchAll(DIGITS_CLOSE_TOGETHER)) {
    stretches.push([
      Math.max(0, m.index - DIGIT_REACH),
      Math.min(text.length, m.index + m[0].length + DIGIT_REACH),
    ]);
  }
  return stretches;
}

type MaskOptions = { nearDigitsOnly?: boolean; atKeywordsOnly?: boolean };

const MASK_RUN = new RegExp(`${MASK}+`, 'g');

/** What is not a code blanked out of `text` (see {@link maskNotCodes}), adding the spans to `spans` unless null. */
function blankNotCodes(
  text: string,
  { nearDigitsOnly = true, atKeywordsOnly = true }: MaskOptions,
  spans: MaskedSpan[] | null,
): string {
  const clean = text.replaceAll(MASK, ' ');
  let folded = applyRules(foldCase(clean), 0, clean, LINK_RULES, spans);
  if (!nearDigitsOnly) folded = applyRules(folded, 0, clean, DIGIT_RULES, spans, atKeywordsOnly);
  else {
    let rebuilt = '';
    let at = 0;
    for (const [from, to] of stretchesNearDigits(folded)) {
      rebuilt +=
        folded.slice(at, from) +
        applyRules(folded.slice(from, to), from, clean, DIGIT_RULES, spans, atKeywordsOnly);
      at = to;
    }
    folded = rebuilt + folded.slice(at);
  }
  // The original text (its letters' case matters to candidates such as "5WGU8G") blanked where the
  // folded one is: the text had no mask character, so every one there is a span's.
  let masked = '';
  let at = 0;
  for (const run of folded.matchAll(MASK_RUN)) {
    masked += clean.slice(at, run.index) + run[0];
    at = run.index + run[0].length;
  }
  return masked + clean.slice(at);
}

/**
 * The text with every span that is not a code blanked out, and the spans with their reasons, in
 * reading order. `nearDigitsOnly: false` runs the digit rules over the whole text, `atKeywordsOnly:
 * false` lets the rules with leading words scan every position: the same answer, slower (tests
 * compare them).
 */
export function maskNotCodes(
  text: string,
  options: MaskOptions = {},
): { masked: string; spans: MaskedSpan[] } {
  const spans: MaskedSpan[] = [];
  const masked = blankNotCodes(text, options, spans);
  // In reading order, whichever stretch or rule found them.
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  return { masked, spans };
}

/** The text with every span that is not a code blanked out ({@link maskNotCodes} without the spans). */
export function maskedNotCodes(text: string): string {
  return blankNotCodes(text, {}, null);
}
