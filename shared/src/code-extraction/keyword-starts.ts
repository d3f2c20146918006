/**
 * Where the leading words of several expressions start in a text, found in one pass. An expression
 * that begins with a long alternation of words ("card|karta|карта|…") makes the engine try the
 * whole alternation at every position; once per rule, that is several passes over every long
 * message. One expression of all their words finds each rule's few positions at once, and the rule
 * is then tried only there (sticky). That finds exactly what its own scan would: a global scan takes
 * the leftmost match at or after where it stands, and no match starts anywhere but at such a position.
 */

/** The literal text every match of one top-level alternative of `source` begins with ("" when none is sure). */
function literalPrefix(alternative: string): string[] {
  if (alternative.startsWith('(?:')) {
    // A group first ("(?:call|tel)(?!…)"): its own alternatives, unless the group may be left out.
    const close = closingParen(alternative, 0);
    if (/^[?*{]/.test(alternative.slice(close + 1))) return [''];
    return alternativesOf(alternative.slice(3, close)).flatMap(literalPrefix);
  }
  if (alternative.startsWith('[')) {
    // A class of single characters first ("[$€£]"): each of them (no range, escape or negation).
    const close = alternative.indexOf(']');
    const members = alternative.slice(1, close);
    if (/[-\\^]/.test(members) || /^[?*{]/.test(alternative.slice(close + 1))) return [''];
    return [...members];
  }
  let prefix = '';
  for (let at = 0; at < alternative.length; ) {
    let ch = alternative[at]!;
    let size = 1;
    if (ch === '\\') {
      // An escaped punctuation character is itself; "\s", "\d"… are classes and end the prefix.
      const escaped = alternative[at + 1] ?? '';
      if (!/^[$./\\()[\]{}|?*+^-]$/.test(escaped)) break;
      ch = escaped;
      size = 2;
    } else if ('()[]{}|?*+.^$'.includes(ch)) break;
    // A character that may be left out ("cards?") does not belong to the prefix.
    if (/^[?*{]/.test(alternative.slice(at + size))) break;
    prefix += ch;
    at += size;
  }
  return [prefix];
}

/** The index of the parenthesis that closes the one at `open`. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let at = open; at < source.length; at++) {
    const ch = source[at];
    if (ch === '\\') at++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return at;
  }
  throw new Error(`unbalanced expression: ${source}`);
}

/** The top-level alternatives of `source`. */
function alternativesOf(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let at = 0; at < source.length; at++) {
    const ch = source[at];
    if (ch === '\\') at++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(source.slice(from, at));
      from = at + 1;
    }
  }
  parts.push(source.slice(from));
  return parts;
}

/**
 * The words every match of `re` begins with, read from its source: it must start (after any
 * lookbehind) with a group of alternatives, each beginning with literal text. Throws when that is
 * not so, so a rule changed into something else is noticed when the module loads.
 */
export function leadingWords(re: RegExp): string[] {
  let source = re.source;
  while (/^\(\?<[!=]/.test(source)) source = source.slice(closingParen(source, 0) + 1);
  if (re.flags.includes('i') || !source.startsWith('(?:')) throw new Error(`no leading words: ${re.source}`);
  const close = closingParen(source, 0);
  if (/^[?*{]/.test(source.slice(close + 1))) throw new Error(`leading words may be left out: ${re.source}`);
  const words = alternativesOf(source.slice(3, close)).flatMap(literalPrefix);
  if (words.some((w) => w === '')) throw new Error(`an alternative without a leading word: ${re.source}`);
  return [...new Set(words)];
}

/**
 * All the words of several lists in one expression (longest first, so the word it takes at a position
 * is the longest one there, and every other word there is a beginning of it), and which lists have a
 * word that begins the longest one (a bit per list). The engine looks for the next word far faster
 * than a loop over the text can.
 */
export type WordFinder = { re: RegExp; lists: Map<string, number>; listCount: number };

export function wordFinder(lists: readonly (readonly string[])[]): WordFinder {
  if (lists.length > 30) throw new Error('at most 30 lists');
  const listsOf = new Map<string, number>();
  lists.forEach((words, list) => {
    for (const word of words) listsOf.set(word, (listsOf.get(word) ?? 0) | (1 << list));
  });
  const words = [...listsOf.keys()].sort((a, b) => b.length - a.length);
  const withBeginnings = new Map<string, number>();
  for (const word of words) {
    let bits = 0;
    for (const [other, otherBits] of listsOf) if (word.startsWith(other)) bits |= otherBits;
    withBeginnings.set(word, bits);
  }
  const asLiteral = (text: string) => text.replace(/[$()*+./?[\\\]^{|}-]/g, '\\$&');
  // The words by their first code unit ("c(?:ards|ard|c)|o(?:rders|rder)|…", still longest first):
  // the engine then tries one group at a position instead of every word.
  const byFirst = new Map<string, string[]>();
  for (const word of words) byFirst.set(word[0]!, [...(byFirst.get(word[0]!) ?? []), word.slice(1)]);
  const groups = [...byFirst].map(([first, rests]) =>
    rests.length === 1
      ? asLiteral(first + rests[0])
      : `${asLiteral(first)}(?:${rests.map(asLiteral).join('|')})`,
  );
  // No "u" flag: the words are matched unit by unit. No lookahead either (an expression that starts
  // with one is tried in full at every position): the scan goes on from the position after each word
  // found, so a word inside another is found too.
  return {
    re: new RegExp(groups.join('|'), 'g'),
    lists: withBeginnings,
    listCount: lists.length,
  };
}

/** For each list, the positions of `text` where one of its words starts, in order. */
export function wordStarts(text: string, finder: WordFinder): number[][] {
  const starts: number[][] = [];
  for (let list = 0; list < finder.listCount; list++) starts.push([]);
  const { re, lists } = finder;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let found = lists.get(m[0])!;
    for (let list = 0; found !== 0; list++, found >>>= 1) if (found & 1) starts[list]!.push(m.index);
    re.lastIndex = m.index + 1;
  }
  return starts;
}
