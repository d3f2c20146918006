import {
  CODE_WORD_ENDINGS,
  CODE_WORDS,
  CODE_WORDS_ANYWHERE,
  NOT_CODE_BEFORE,
  NOT_CODE_PHRASES,
  NOT_CODE_WORDS,
} from './code-words';
import { isAstralLetterOrMark, letterTable } from './letters';

/** Where a code word stands in a text. */
export type WordSpan = { start: number; end: number };

const WHOLE_WORDS: ReadonlySet<string> = new Set(Object.values(CODE_WORDS).flat());
/** The compound endings by their last character: a word is compared only with the endings it could have. */
const ENDINGS_BY_LAST = new Map<string, string[]>();
for (const ending of CODE_WORD_ENDINGS) {
  const list = ENDINGS_BY_LAST.get(ending.at(-1)!) ?? [];
  list.push(ending);
  ENDINGS_BY_LAST.set(ending.at(-1)!, list);
}

function isCodeWord(word: string): boolean {
  if (NOT_CODE_WORDS.has(word)) return false;
  if (WHOLE_WORDS.has(word)) return true;
  const endings = ENDINGS_BY_LAST.get(word.at(-1)!);
  return endings?.some((ending) => word.length > ending.length + 2 && word.endsWith(ending)) ?? false;
}

/**
 * The code words, endings and words that change the next one, spelled backwards: a word of the text
 * is read from its last letter until no listed word goes on, which for nearly every word is after
 * one or two letters, without cutting the word out of the text.
 */
type Node = {
  next: Map<number, Node>;
  whole: boolean;
  ending: boolean;
  notCode: boolean;
  notBefore: boolean;
};
const newNode = (): Node => ({
  next: new Map(),
  whole: false,
  ending: false,
  notCode: false,
  notBefore: false,
});
const BACKWARDS = newNode();
function addBackwards(word: string, mark: 'whole' | 'ending' | 'notCode' | 'notBefore'): void {
  let node = BACKWARDS;
  for (let i = word.length - 1; i >= 0; i--) {
    const unit = word.charCodeAt(i);
    let child = node.next.get(unit);
    if (!child) {
      child = newNode();
      node.next.set(unit, child);
    }
    node = child;
  }
  node[mark] = true;
}
for (const word of WHOLE_WORDS) addBackwards(word, 'whole');
for (const ending of CODE_WORD_ENDINGS) addBackwards(ending, 'ending');
for (const word of NOT_CODE_WORDS) addBackwards(word, 'notCode');
for (const word of NOT_CODE_BEFORE) addBackwards(word, 'notBefore');
/**
 * The first step from the root, which every word of the text takes, by index instead of by map for
 * the alphabets below U+0800 (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic): most words stop
 * there or one step later.
 */
const FIRST_STEP_BELOW_0800: (Node | undefined)[] = Array.from({ length: 0x800 }, (_, unit) =>
  BACKWARDS.next.get(unit),
);

const IS_CODE_WORD = 1;
const CHANGES_NEXT = 2;

/**
 * What the word `source[start, end)` (lower case, no hyphen) is: a code word ({@link isCodeWord}
 * read backwards), a word after which a code word names something else, or neither.
 */
function kindOf(source: string, start: number, end: number): number {
  let node = BACKWARDS;
  let compound = false;
  for (let at = end - 1; at >= start; at--) {
    const unit = source.charCodeAt(at);
    const next = node === BACKWARDS && unit < 0x800 ? FIRST_STEP_BELOW_0800[unit] : node.next.get(unit);
    if (!next) return compound ? IS_CODE_WORD : 0;
    node = next;
    // An ending counts when at least three letters come before it ("word.length > ending.length + 2").
    if (node.ending && at - start > 2) compound = true;
  }
  if (node.notCode) return node.notBefore ? CHANGES_NEXT : 0;
  return (node.whole || compound ? IS_CODE_WORD : 0) | (node.notBefore ? CHANGES_NEXT : 0);
}

/** The same for a word read the plain way (with hyphens, or on text whose lower case changed length). */
function kindOfToken(token: string): number {
  const parts = token.includes('-') ? [token, ...token.split('-')] : [token];
  return (parts.some(isCodeWord) ? IS_CODE_WORD : 0) | (NOT_CODE_BEFORE.has(token) ? CHANGES_NEXT : 0);
}

const APOSTROPHE = 0x27;
const RIGHT_QUOTE = 0x2019;
const HYPHEN = 0x2d;
/** Letters and marks a word may have after its first (`[\p{L}\p{M}'’-]{0,63}`), in code points. */
const WORD_MAX = 64;

/** How many code units the letter or mark at `at` takes (2 for a surrogate pair), or 0 when it is none. */
function letterAt(text: string, at: number, table: Uint8Array): number {
  const unit = text.charCodeAt(at);
  if (unit < 0xd800 || unit > 0xdbff) return table[unit]!;
  // A high surrogate with no low one after it (the text's end gives NaN) is no letter.
  const low = text.charCodeAt(at + 1);
  if (!(low >= 0xdc00 && low <= 0xdfff)) return 0;
  return isAstralLetterOrMark(((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000) ? 2 : 0;
}

/**
 * The whole words and compounds: every word (`[\p{L}\p{M}][\p{L}\p{M}'’-]{0,63}`, a longer one goes
 * on as the next word) without its trailing apostrophes and hyphens; a word with a hyphen counts when
 * it or one of its parts is a code word; a code word right after "area", "promo"… does not count.
 */
function findWholeWords(text: string, found: WordSpan[]): void {
  const table = letterTable();
  // Lower case once for the whole text when that keeps every position (it nearly always does).
  const lower = text.toLowerCase();
  const sameLength = lower.length === text.length;
  const source = sameLength ? lower : text;
  let afterChangingWord = false;
  for (let at = 0; at < source.length; ) {
    const first = letterAt(source, at, table);
    if (first === 0) {
      at++;
      continue;
    }
    const start = at;
    let hyphen = false;
    at += first;
    for (let count = 1; count < WORD_MAX && at < source.length; count++) {
      const unit = source.charCodeAt(at);
      if (unit === APOSTROPHE || unit === RIGHT_QUOTE || unit === HYPHEN) {
        if (unit === HYPHEN) hyphen = true;
        at++;
        continue;
      }
      const size = letterAt(source, at, table);
      if (size === 0) break;
      at += size;
    }
    let end = at;
    let kind: number;
    if (sameLength) {
      while (end > start) {
        const unit = source.charCodeAt(end - 1);
        if (unit !== APOSTROPHE && unit !== RIGHT_QUOTE && unit !== HYPHEN) break;
        end--;
      }
      kind =
        hyphen && source.lastIndexOf('-', end - 1) >= start
          ? kindOfToken(source.slice(start, end))
          : kindOf(source, start, end);
    } else {
      let token = source.slice(start, at).toLowerCase();
      if (/[-'’]$/.test(token)) token = token.replace(/[-'’]+$/, '');
      kind = kindOfToken(token);
    }
    if (kind & IS_CODE_WORD && !afterChangingWord) found.push({ start, end: at });
    afterChangingWord = (kind & CHANGES_NEXT) !== 0;
  }
}

/**
 * The anywhere-words by their first code unit, longest first, and which code units start one: one
 * pass over the text looks up each character (an alternation of these words costs many times more).
 */
const ANYWHERE_BY_FIRST = new Map<number, string[]>();
for (const word of [...CODE_WORDS_ANYWHERE].sort((a, b) => b.length - a.length)) {
  const list = ANYWHERE_BY_FIRST.get(word.charCodeAt(0)) ?? [];
  list.push(word);
  ANYWHERE_BY_FIRST.set(word.charCodeAt(0), list);
}
/**
 * A code unit that starts an anywhere-word (all of them are in the Basic Multilingual Plane, none a
 * surrogate): the expression engine skips to the next one far faster than a loop over the text.
 */
const ANYWHERE_START = new RegExp(
  `[${[...ANYWHERE_BY_FIRST.keys()].map((unit) => `\\u${unit.toString(16).padStart(4, '0')}`).join('')}]`,
  'g',
);

/** Words of languages written without spaces (or with particles attached), wherever they stand. */
function findWordsAnywhere(text: string, found: WordSpan[]): void {
  ANYWHERE_START.lastIndex = 0;
  for (let m = ANYWHERE_START.exec(text); m; m = ANYWHERE_START.exec(text)) {
    const start = m.index;
    const word = ANYWHERE_BY_FIRST.get(text.charCodeAt(start))!.find((w) => text.startsWith(w, start));
    if (!word) continue;
    const inPhrase = NOT_CODE_PHRASES.some((phrase) => {
      const at = phrase.indexOf(word);
      return at >= 0 && text.startsWith(phrase, start - at);
    });
    if (!inPhrase) found.push({ start, end: start + word.length });
    ANYWHERE_START.lastIndex = start + word.length;
  }
}

/** Every code word of the text, in order: whole words and compounds, then words found anywhere. */
export function findCodeWords(text: string): WordSpan[] {
  const found: WordSpan[] = [];
  findWholeWords(text, found);
  findWordsAnywhere(text, found);
  return found.sort((a, b) => a.start - b.start);
}
