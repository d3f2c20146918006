/**
 * The general code extractor: the last step after the application's and the user's own patterns.
 * It reads a verification SMS the way a person does:
 * 1. what is never a code is set aside first (`code-extraction/not-codes.ts`, its rules in
 *    `not-code-rules.ts`: links, valid dates, times, money, quantities, phone numbers, card tails
 *    and accounts, order and reference numbers, short codes one is told to text), each with its
 *    reason;
 * 2. the code words of the message's language are found (`code-extraction/code-words.ts`, a table per
 *    language, whole words, compounds and words written without spaces);
 * 3. the candidates left are digits (3-10, or groups such as 12-34-56, 123 456 789, an impossible
 *    "date" 32.45.67) and letters with digits ("5WGU8G"); the one a code word names wins: right after
 *    it, or just before it ("123456 is your code"). A short message of one number needs no code word.
 * Every expression is ours and fixed; the work is linear in the text (at most the first 4096
 * characters). The corpora in server/test/fixtures/sms-corpus and code-corpus.json are its specification.
 */
import { findCodeWords, type WordSpan } from './code-extraction/code-word-scan';
import { NOT_CODE_REASONS } from './code-extraction/not-code-rules';
import { MASK, maskedNotCodes, maskNotCodes } from './code-extraction/not-codes';

/** Why a number the extractor saw was not taken as the code: never a code, or not the one a code word names. */
export const REJECT_REASONS = [
  ...NOT_CODE_REASONS,
  'year',
  'noCodeWord',
  'farFromCodeWord',
  'lettersOnly',
  'notNearest',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export type Rejection = { text: string; reason: RejectReason };

export type Extraction = { code: string | null; rejected: Rejection[] };

type Candidate = {
  text: string;
  code: string;
  start: number;
  end: number;
  shape: 'digits' | 'grouped' | 'alnum' | 'letters';
};

const TEXT_LIMIT = 4096;
const NOT_CODE_CHAR = `[\\d${MASK}]`;
/**
 * Both expressions take their first character before looking behind it (`\d(?<!X\d)` is what
 * `(?<!X)\d` says): an expression that starts with a lookbehind runs the whole matcher at every
 * position, one that starts with a character class lets the engine skip quickly to where one stands.
 */
const DIGITS = new RegExp(
  `(\\d(?<!${NOT_CODE_CHAR}\\d)(?:\\d{1,3}([- .·])\\d{2,4}(?:\\2\\d{2,4}){0,2}|\\d{2,9}))(?!${NOT_CODE_CHAR}|[-.]\\d|-)`,
  'gu',
);
const ALNUM = new RegExp(`[A-Z0-9](?<![A-Za-z0-9${MASK}][A-Z0-9])[A-Z0-9]{3,9}(?![A-Za-z0-9${MASK}])`, 'gu');
const YEAR = /^(?:19|20)\d{2}$/;
const ASCII_LETTER = /[A-Za-z]/;
const WORD = /[\p{L}\p{M}]+/gu;
/** What may stand between a code word and a code it names outright: "code: ", "code is ", "コードは ". */
const NAMING_GAP = /^[\s:：=]*(?:(?:is|es|est|ist|é|là|la|er|on|je|は|为|為|是)[\s:：]*)?$/i;
/** A word that looks like a code word without being one ("barcode", "foOTPath"): no lone number is a code next to it. */
const CODE_LIKE = /code|otp|kod|код|קוד|pin/i;

function candidatesOf(masked: string, words: WordSpan[]): Candidate[] {
  const wordEnds = new Set(words.map((w) => w.end));
  const found: Candidate[] = [];
  for (const m of masked.matchAll(DIGITS)) {
    const start = m.index;
    const end = start + m[0].length;
    const before = masked[start - 1] ?? ' ';
    const after = masked[end] ?? ' ';
    // Digits glued to Latin letters ("VISA6168", "W15992") are a name, unless a code word ends there ("OTP123456").
    const prefixed =
      before === '-' && /(?:^|[^A-Za-z])[A-Z]{1,3}$/.test(masked.slice(Math.max(0, start - 5), start - 1));
    if (ASCII_LETTER.test(before) && !wordEnds.has(start)) continue;
    if (before === '-' && !prefixed && /\w/.test(masked[start - 2] ?? ' ')) continue;
    // Letters right after ("668756on sinu…", a translation that lost its space) are still read apart; capitals are a name or unit.
    if (/[A-Z]/.test(after)) continue;
    const code = m[0].replace(/[- .·]/g, '');
    if (code.length < 3 || code.length > 10) continue;
    found.push({ text: m[0], code, start, end, shape: m[2] ? 'grouped' : 'digits' });
  }
  for (const m of masked.matchAll(ALNUM)) {
    const hasDigit = /\d/.test(m[0]);
    const hasLetter = /[A-Z]/.test(m[0]);
    if (!hasLetter) continue;
    found.push({
      text: m[0],
      code: m[0],
      start: m.index,
      end: m.index + m[0].length,
      shape: hasDigit ? 'alnum' : 'letters',
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** How far a candidate is from the code word that names it (lower is nearer), or null when none names it. */
function distanceToWord(
  c: Candidate,
  before: WordSpan | undefined,
  after: WordSpan | undefined,
  masked: string,
): number | null {
  const gapBefore = before ? masked.slice(before.end, c.start) : null;
  const gapAfter = after ? masked.slice(c.end, after.start) : null;
  const dBefore =
    gapBefore === null
      ? Number.POSITIVE_INFINITY
      : gapBefore.length + (/\n\s*\n|[.!?。！？]\s/.test(gapBefore) ? 25 : 0);
  const dAfter =
    gapAfter === null
      ? Number.POSITIVE_INFINITY
      : gapAfter.length + 8 + (/\n|[.!?。！？]\s/.test(gapAfter) ? 40 : 0);
  switch (c.shape) {
    case 'letters':
      return gapBefore !== null && NAMING_GAP.test(gapBefore) && /[:：\n]|is|est|ist|es|é/.test(gapBefore)
        ? dBefore
        : null;
    case 'alnum': {
      const d = Math.min(
        dBefore <= 50 ? dBefore : Number.POSITIVE_INFINITY,
        dAfter <= 45 ? dAfter : Number.POSITIVE_INFINITY,
      );
      return Number.isFinite(d) ? d + 5 : null;
    }
    default: {
      if (c.code.length === 3) return gapBefore !== null && NAMING_GAP.test(gapBefore) ? dBefore : null;
      const reach = c.code.length >= 9 ? 50 : 70;
      const d = Math.min(dBefore, dAfter);
      return d <= reach ? d : null;
    }
  }
}

function wordCount(masked: string): number {
  let n = 0;
  for (const _ of masked.matchAll(WORD)) n++;
  return n;
}

/**
 * The code of a text, and with `explain` why every other number in it was not taken (without it the
 * list stays empty: reading every SMS needs only the code, and a long message has hundreds of numbers).
 */
function extract(text: string, explain: boolean): Extraction {
  // Domain-bound codes (WebOTP, Apple): "@apple.com #123456 %apple.com" names its code outright.
  const bound = /(?:^|\s)@[\w.-]{1,253}\.[a-z]{2,}\s+#([A-Za-z0-9]{4,10})\b/i.exec(text.slice(0, TEXT_LIMIT));
  if (bound) return { code: bound[1]!, rejected: [] };
  let masked: string;
  let rejected: Rejection[] = [];
  if (explain) {
    const found = maskNotCodes(text.slice(0, TEXT_LIMIT));
    masked = found.masked;
    rejected = found.spans.filter((s) => /\d/.test(s.text)).map((s) => ({ text: s.text, reason: s.reason }));
  } else masked = maskedNotCodes(text.slice(0, TEXT_LIMIT));
  const words = findCodeWords(masked);
  const candidates = candidatesOf(masked, words);
  if (words.length === 0) {
    // No code word: a lone number in a message of a few words is still a code ("123456", "<#> 4821 abc").
    const plain = candidates.filter(
      (c) => c.shape !== 'letters' && c.shape !== 'alnum' && c.code.length >= 4,
    );
    const whole = candidates.length === 1 && masked.trim() === candidates[0]!.text ? candidates[0]! : null;
    if (whole && whole.shape === 'alnum') return { code: whole.code, rejected };
    const lone =
      plain.length === 1 && !YEAR.test(plain[0]!.code) && wordCount(masked) <= 3 && !CODE_LIKE.test(masked)
        ? plain[0]!
        : null;
    if (explain)
      for (const c of candidates)
        if (c !== lone && c.shape !== 'letters') rejected.push({ text: c.text, reason: 'noCodeWord' });
    return { code: lone?.code ?? null, rejected };
  }
  let best: { candidate: Candidate; score: number } | null = null;
  const scored: { candidate: Candidate; score: number | null }[] = [];
  let w = 0;
  for (const c of candidates) {
    // Words are sorted; w walks forward once, so the whole pass is linear.
    while (w < words.length && words[w]!.end <= c.start) w++;
    const before = w > 0 ? words[w - 1] : undefined;
    let a = w;
    while (a < words.length && words[a]!.start < c.end) a++;
    const after = words[a];
    let score = distanceToWord(c, before, after, masked);
    if (score !== null && YEAR.test(c.code)) score += 40;
    if (explain) scored.push({ candidate: c, score });
    if (score !== null && (!best || score < best.score)) best = { candidate: c, score };
  }
  for (const { candidate, score } of scored) {
    if (candidate === best?.candidate) continue;
    if (candidate.shape === 'letters' && score === null) continue;
    const reason: RejectReason =
      score === null
        ? candidate.shape === 'letters'
          ? 'lettersOnly'
          : 'farFromCodeWord'
        : YEAR.test(candidate.code)
          ? 'year'
          : 'notNearest';
    rejected.push({ text: candidate.text, reason });
  }
  return { code: best?.candidate.code ?? null, rejected };
}

/** The code of a text and why every other number in it was not taken. */
export function explainExtract(text: string): Extraction {
  return extract(text, true);
}

/** The code of a text, or null when it has none a person would type. */
export function generalExtract(text: string): string | null {
  return extract(text, false).code;
}
