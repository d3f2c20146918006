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
const TOKEN = /[\p{L}\p{M}][\p{L}\p{M}'’-]{0,63}/gu;

function isCodeWord(word: string): boolean {
  if (NOT_CODE_WORDS.has(word)) return false;
  if (WHOLE_WORDS.has(word)) return true;
  return CODE_WORD_ENDINGS.some((ending) => word.length > ending.length + 2 && word.endsWith(ending));
}

/** Every code word of the text, in order: whole words and compounds, then words found anywhere. */
export function findCodeWords(text: string): WordSpan[] {
  const found: WordSpan[] = [];
  let previous = '';
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0].toLowerCase().replace(/[-'’]+$/, '');
    const parts = token.includes('-') ? [token, ...token.split('-')] : [token];
    if (!NOT_CODE_BEFORE.has(previous) && parts.some(isCodeWord)) {
      found.push({ start: m.index, end: m.index + m[0].length });
    }
    previous = token;
  }
  for (let start = 0; start < text.length; start++) {
    const words = ANYWHERE_BY_FIRST.get(text[start]!);
    const word = words?.find((w) => text.startsWith(w, start));
    if (!word) continue;
    const inPhrase = NOT_CODE_PHRASES.some((phrase) => {
      const at = phrase.indexOf(word);
      return at >= 0 && text.startsWith(phrase, start - at);
    });
    if (!inPhrase) found.push({ start, end: start + word.length });
    start += word.length - 1;
  }
  return found.sort((a, b) => a.start - b.start);
}
