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
const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The anywhere-words as one alternation, longest first; built once from the table above. */
const ANYWHERE = new RegExp(
  [...CODE_WORDS_ANYWHERE]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|'),
  'gu',
);
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
  for (const m of text.matchAll(ANYWHERE)) {
    const start = m.index;
    const inPhrase = NOT_CODE_PHRASES.some((phrase) => {
      const at = phrase.indexOf(m[0]);
      return at >= 0 && text.startsWith(phrase, start - at);
    });
    if (!inPhrase) found.push({ start, end: start + m[0].length });
  }
  return found.sort((a, b) => a.start - b.start);
}
