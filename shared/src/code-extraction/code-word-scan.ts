import {
  CODE_WORD_ENDINGS,
  CODE_WORDS,
  CODE_WORDS_ANYWHERE,
  NOT_CODE_BEFORE,
  NOT_CODE_PHRASES,
  NOT_CODE_WORDS,
} from './code-words';

/** Where a code word stands in a text. */
export type WordSpan = { start: number; end: number };

const WHOLE_WORDS: ReadonlySet<string> = new Set(Object.values(CODE_WORDS).flat());
/**
 * The anywhere-words by their first character, longest first: one pass over the text looks up each
 * character (an alternation of these words under the Unicode flag costs many times more).
 */
const ANYWHERE_BY_FIRST = new Map<string, string[]>();
for (const word of [...CODE_WORDS_ANYWHERE].sort((a, b) => b.length - a.length)) {
  const list = ANYWHERE_BY_FIRST.get(word[0]!) ?? [];
  list.push(word);
  ANYWHERE_BY_FIRST.set(word[0]!, list);
}
/** The compound endings by their last character: a word is compared only with the endings it could have. */
const ENDINGS_BY_LAST = new Map<string, string[]>();
for (const ending of CODE_WORD_ENDINGS) {
  const list = ENDINGS_BY_LAST.get(ending.at(-1)!) ?? [];
  list.push(ending);
  ENDINGS_BY_LAST.set(ending.at(-1)!, list);
}
/** Where an anywhere-word can start: V8 jumps between these characters instead of visiting every one. */
// Code units, not code points (no `u` flag), as the lookup by `word[0]` below.
const ANYWHERE_START = new RegExp(
  `[${[...ANYWHERE_BY_FIRST.keys()].join('').replace(/[\\\]^-]/g, '\\$&')}]`,
  'g',
);
const TOKEN = /[\p{L}\p{M}][\p{L}\p{M}'’-]{0,63}/gu;

function isCodeWord(word: string): boolean {
  if (NOT_CODE_WORDS.has(word)) return false;
  if (WHOLE_WORDS.has(word)) return true;
  const endings = ENDINGS_BY_LAST.get(word.at(-1)!);
  return endings?.some((ending) => word.length > ending.length + 2 && word.endsWith(ending)) ?? false;
}

/** Every code word of the text, in order: whole words and compounds, then words found anywhere. */
export function findCodeWords(text: string): WordSpan[] {
  const found: WordSpan[] = [];
  let previous = '';
  // Lower case once for the whole text when that keeps every position (it nearly always does).
  const lower = text.toLowerCase();
  const source = lower.length === text.length ? lower : text;
  for (const m of source.matchAll(TOKEN)) {
    let token = source === lower ? m[0] : m[0].toLowerCase();
    if (/[-'’]$/.test(token)) token = token.replace(/[-'’]+$/, '');
    const parts = token.includes('-') ? [token, ...token.split('-')] : [token];
    if (!NOT_CODE_BEFORE.has(previous) && parts.some(isCodeWord)) {
      found.push({ start: m.index, end: m.index + m[0].length });
    }
    previous = token;
  }
  ANYWHERE_START.lastIndex = 0;
  for (let hit = ANYWHERE_START.exec(text); hit; hit = ANYWHERE_START.exec(text)) {
    const start = hit.index;
    const words = ANYWHERE_BY_FIRST.get(hit[0]);
    const word = words?.find((w) => text.startsWith(w, start));
    if (!word) continue;
    const inPhrase = NOT_CODE_PHRASES.some((phrase) => {
      const at = phrase.indexOf(word);
      return at >= 0 && text.startsWith(phrase, start - at);
    });
    if (!inPhrase) found.push({ start, end: start + word.length });
    ANYWHERE_START.lastIndex = start + word.length;
  }
  return found.sort((a, b) => a.start - b.start);
}
