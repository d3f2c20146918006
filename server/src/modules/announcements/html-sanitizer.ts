/**
 * An allow-list HTML sanitiser for announcement content. The input is tokenised and then written
 * out again from scratch: only the tags and attributes below survive, every text and attribute is
 * re-escaped, tags are balanced, and link/image addresses are checked after entity decoding. What
 * the browser parses is therefore exactly what was checked here, whatever tricks the input held.
 */

/** Allowed tags and, for each, its allowed attributes. */
const ALLOWED = new Map<string, readonly string[]>(
  Object.entries({
    p: [],
    div: [],
    span: [],
    br: [],
    hr: [],
    h1: [],
    h2: [],
    h3: [],
    h4: [],
    strong: [],
    b: [],
    em: [],
    i: [],
    u: [],
    s: [],
    del: [],
    sub: [],
    sup: [],
    blockquote: [],
    pre: [],
    code: [],
    ul: [],
    ol: [],
    li: [],
    table: [],
    thead: [],
    tbody: [],
    tr: [],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  }),
);
const VOID = new Set(['br', 'hr', 'img']);
/** Dropped together with everything inside them (void ones such as embed are simply dropped). */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frameset',
  'object',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'head',
]);
/** Their content is raw text to the browser: no tag inside counts until the closing tag. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
]);
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['http', 'https']);
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i;

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'start'; name: string; attrs: Array<[string, string]>; selfClosing: boolean }
  | { kind: 'end'; name: string };

const NAMED_ENTITIES = new Map<string, string>(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    copy: '©',
    reg: '®',
    trade: '™',
    hellip: '…',
    mdash: '—',
    ndash: '–',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    middot: '·',
    bull: '•',
    times: '×',
    divide: '÷',
    deg: '°',
    plusmn: '±',
    laquo: '«',
    raquo: '»',
    yen: '¥',
    euro: '€',
    pound: '£',
    cent: '¢',
    colon: ':',
    tab: '\t',
    newline: '\n',
    sol: '/',
    lpar: '(',
    rpar: ')',
    excl: '!',
    num: '#',
    semi: ';',
  }),
);

function codePoint(n: number): string {
  if (!Number.isFinite(n) || n <= 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(n);
}

/** Character references to characters; an unknown named one stays as typed (and is escaped later). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+;?|#\d+;?|[A-Za-z][A-Za-z0-9]*;)/g, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return codePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return codePoint(Number.parseInt(ref.slice(1), 10));
    return NAMED_ENTITIES.get(ref.slice(0, -1).toLowerCase()) ?? whole;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let text = '';
  const flushText = () => {
    if (text) tokens.push({ kind: 'text', text: decodeEntities(text) });
    text = '';
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    i = lt;
    const next = html[i + 1] ?? '';
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !/[A-Za-z]/.test(html[i + 2] ?? ''))) {
      // Doctype, CDATA, processing instruction or a bogus comment: dropped up to the next '>'.
      const end = html.indexOf('>', i + 2);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const isEnd = next === '/';
    const nameStart = i + (isEnd ? 2 : 1);
    if (!/[A-Za-z]/.test(html[nameStart] ?? '')) {
      text += '<';
      i += 1;
      continue;
    }
    const nameMatch = /^[^\s/>]+/.exec(html.slice(nameStart, nameStart + 64))!;
    const name = nameMatch[0].toLowerCase();
    let j = nameStart + nameMatch[0].length;
    const attrs: Array<[string, string]> = [];
    let selfClosing = false;
    let closed = false;
    while (j < html.length) {
      const ch = html[j]!;
      if (ch === '>') {
        closed = true;
        j += 1;
        break;
      }
      if (/\s/.test(ch)) {
        j += 1;
        continue;
      }
      if (ch === '/') {
        selfClosing = html[j + 1] === '>';
        j += 1;
        continue;
      }
      const attrName = /^[^\s/>=]+/.exec(html.slice(j))?.[0] ?? html[j]!;
      j += attrName.length;
      while (/\s/.test(html[j] ?? '')) j += 1;
      let value = '';
      if (html[j] === '=') {
        j += 1;
        while (/\s/.test(html[j] ?? '')) j += 1;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, j + 1);
          if (end === -1) {
            j = html.length;
            break;
          }
          value = html.slice(j + 1, end);
          j = end + 1;
        } else {
          const raw = /^[^\s>]*/.exec(html.slice(j))![0];
          value = raw;
          j += raw.length;
        }
      }
      attrs.push([attrName.toLowerCase(), decodeEntities(value)]);
    }
    // A tag cut off by the end of the input is no tag at all (as browsers treat it).
    if (!closed) break;
    flushText();
    i = j;
    if (isEnd) {
      tokens.push({ kind: 'end', name });
      continue;
    }
    tokens.push({ kind: 'start', name, attrs, selfClosing });
    if (name === 'plaintext') break;
    if (RAW_TEXT.has(name)) {
      const close = new RegExp(`</${name}[\\s/>]`, 'i').exec(html.slice(i));
      const end = close ? i + close.index : html.length;
      tokens.push({ kind: 'text', text: html.slice(i, end) });
      i = end;
    }
  }
  flushText();
  return tokens;
}

/** The scheme of an address as a browser reads it (controls and surrounding spaces ignored), or null. */
function schemeOf(url: string): string | null {
  return /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase() ?? null;
}

function cleanUrl(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside URLs
  return value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

function safeAttribute(tag: string, name: string, value: string): string | null {
  if (!ALLOWED.get(tag)?.includes(name)) return null;
  if (name === 'href') {
    const url = cleanUrl(value);
    const scheme = schemeOf(url);
    return scheme === null || LINK_SCHEMES.has(scheme) ? url : null;
  }
  if (name === 'src') {
    const url = cleanUrl(value);
    if (DATA_IMAGE.test(url)) return url.replace(/\s/g, '');
    const scheme = schemeOf(url);
    return url !== '' && (scheme === null || IMAGE_SCHEMES.has(scheme)) ? url : null;
  }
  if (name === 'width' || name === 'height') return /^\d{1,4}$/.test(value.trim()) ? value.trim() : null;
  if (name === 'colspan' || name === 'rowspan') return /^\d{1,2}$/.test(value.trim()) ? value.trim() : null;
  return value.slice(0, 500);
}

/** Announcement HTML reduced to the allow-list; safe to put into a page as it is. */
export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  /** Inside a dropped element: its name and nesting depth. */
  let dropping: { name: string; depth: number } | null = null;

  for (const token of tokenize(html)) {
    if (dropping) {
      if (token.kind === 'start' && token.name === dropping.name && !token.selfClosing) dropping.depth += 1;
      if (token.kind === 'end' && token.name === dropping.name && --dropping.depth === 0) dropping = null;
      continue;
    }
    if (token.kind === 'text') {
      out.push(escapeText(token.text));
    } else if (token.kind === 'start') {
      if (DROP_WITH_CONTENT.has(token.name)) {
        if (!token.selfClosing || RAW_TEXT.has(token.name)) dropping = { name: token.name, depth: 1 };
        continue;
      }
      if (!ALLOWED.has(token.name)) continue;
      const attrs: string[] = [];
      const seen = new Set<string>();
      for (const [name, value] of token.attrs) {
        if (seen.has(name)) continue;
        seen.add(name);
        const safe = safeAttribute(token.name, name, value);
        if (safe !== null) attrs.push(` ${name}="${escapeAttr(safe)}"`);
      }
      if (token.name === 'img' && !attrs.some((a) => a.startsWith(' src='))) continue;
      if (token.name === 'a') attrs.push(' target="_blank" rel="noopener noreferrer nofollow"');
      out.push(`<${token.name}${attrs.join('')}>`);
      if (!VOID.has(token.name)) open.push(token.name);
    } else {
      const at = open.lastIndexOf(token.name);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
    }
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** Whether sanitised HTML shows anything: text other than spaces, or an image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return decodeEntities(html.replace(/<[^>]*>/g, '')).replace(/[\s\u00a0]/g, '') !== '';
}
