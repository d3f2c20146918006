import { describe, expect, test } from 'vitest';
import { hasVisibleContent, sanitizeHtml } from '../../src/modules/announcements/html-sanitizer';

const LINK_EXTRA = ' target="_blank" rel="noopener noreferrer nofollow"';

describe('sanitizeHtml keeps what an announcement needs', () => {
  test.each([
    ['<p>Hello <strong>world</strong></p>', '<p>Hello <strong>world</strong></p>'],
    [
      '<h2>Title</h2><ul><li>one</li><li><em>two</em></li></ul>',
      '<h2>Title</h2><ul><li>one</li><li><em>two</em></li></ul>',
    ],
    [
      '<blockquote>q</blockquote><pre><code>a &lt; b</code></pre>',
      '<blockquote>q</blockquote><pre><code>a &lt; b</code></pre>',
    ],
    ['line<br>break<hr>', 'line<br>break<hr>'],
    [
      '<a href="https://example.com/?a=1&amp;b=2">x</a>',
      `<a href="https://example.com/?a=1&amp;b=2"${LINK_EXTRA}>x</a>`,
    ],
    ['<a href="/docs">docs</a>', `<a href="/docs"${LINK_EXTRA}>docs</a>`],
    ['<a href="mailto:a@example.com">m</a>', `<a href="mailto:a@example.com"${LINK_EXTRA}>m</a>`],
    [
      '<img src="/api/files/abcdefgh" alt="banner" width="300">',
      '<img src="/api/files/abcdefgh" alt="banner" width="300">',
    ],
    ['<img src="data:image/png;base64,iVBORw0KGgo=">', '<img src="data:image/png;base64,iVBORw0KGgo=">'],
    ['<table><tr><td colspan="2">c</td></tr></table>', '<table><tr><td colspan="2">c</td></tr></table>'],
    ['中文 &amp; 符号 &copy; &#x4E2D;', '中文 &amp; 符号 © 中'],
  ])('%s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });
});

describe('sanitizeHtml removes every way to run script', () => {
  test.each([
    ['a script tag and its content', '<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['a script tag in capitals', '<SCRIPT SRC=//evil.js></SCRIPT>ok', 'ok'],
    ['a self-closed script', '<script src="x.js"/>ok', ''],
    ['a split script tag', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['an event handler on an image', '<img src="/a.png" onerror="alert(1)">', '<img src="/a.png">'],
    ['an unquoted event handler', '<img src=x onerror=alert(1)>', '<img src="x">'],
    ['an event handler on a paragraph', '<p onclick="alert(1)" ONMOUSEOVER=x>t</p>', '<p>t</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', `<a${LINK_EXTRA}>x</a>`],
    [
      'a javascript: link in mixed case with spaces',
      '<a href="  JaVaScRiPt:alert(1)">x</a>',
      `<a${LINK_EXTRA}>x</a>`,
    ],
    [
      'a javascript: link hidden by entities',
      '<a href="jav&#x09;ascript&colon;alert(1)">x</a>',
      `<a${LINK_EXTRA}>x</a>`,
    ],
    [
      'a javascript: link hidden by decimal entities',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      `<a${LINK_EXTRA}>x</a>`,
    ],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', `<a${LINK_EXTRA}>x</a>`],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', `<a${LINK_EXTRA}>x</a>`],
    ['a javascript: image', '<img src="javascript:alert(1)">', ''],
    ['an SVG data image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['a style attribute', '<div style="background:url(javascript:alert(1))">s</div>', '<div>s</div>'],
    ['a style element', '<style>body{background:url(javascript:x)}</style>after', 'after'],
    [
      'markup inside a style element',
      '<style></style><img src=x onerror=alert(1)></style>z',
      '<img src="x">z',
    ],
    ['an iframe', '<iframe src="https://evil.example"></iframe>x', 'x'],
    ['an object and embed', '<object data="x.swf"></object><embed src="x.swf">y', 'y'],
    [
      'an svg with script',
      '<svg><script>alert(1)</script><a xlink:href="javascript:x">l</a></svg>after',
      'after',
    ],
    ['a math element', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>after', 'after'],
    ['a form', '<form action="https://evil"><input name="p"><button>go</button></form>', 'go'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">m', 'm'],
    ['a base tag', '<base href="https://evil/">b', 'b'],
    ['a comment hiding script', '<!--<script>alert(1)</script>-->c', 'c'],
    ['a textarea hiding markup', '<textarea><img src=x onerror=alert(1)></textarea>z', 'z'],
    ['a tag cut off at the end', '<b>bold <img src=x onerror="alert(1)', '<b>bold </b>'],
    ['object property names as tags', '<constructor>x</constructor><toString>y</toString>', 'xy'],
  ])('%s', (_, input, output) => {
    const clean = sanitizeHtml(input);
    expect(clean).toBe(output);
    expect(clean).not.toMatch(/<script|javascript:|\son\w+=|<iframe|<svg|<style/i);
  });

  test('an attribute value cannot break out of its quotes', () => {
    const clean = sanitizeHtml('<a title="x&quot; onclick=&quot;alert(1)" href="/">t</a>');
    expect(clean).toBe(`<a title="x&quot; onclick=&quot;alert(1)" href="/"${LINK_EXTRA}>t</a>`);
    const parsed = [...clean.matchAll(/\s([a-z]+)="[^"]*"/g)].map((m) => m[1]);
    expect(parsed).toEqual(['title', 'href', 'target', 'rel']);
  });

  test('balances tags and drops stray closing tags', () => {
    expect(sanitizeHtml('<p>a <b>b <i>c</p> d</i>')).toBe('<p>a <b>b <i>c</i></b></p> d');
    expect(sanitizeHtml('</div></p>text')).toBe('text');
  });

  test('escapes text so it cannot become markup', () => {
    expect(sanitizeHtml('1 < 2 > 0 & "q"')).toBe('1 &lt; 2 &gt; 0 &amp; "q"');
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  test('is idempotent: sanitising twice changes nothing', () => {
    const samples = [
      '<p>Hello <a href="https://x.example/?a=1&b=2" onclick=x>x</a> &amp; <img src=/a.png alt="a&quot;b"></p>',
      '<ul><li>one<li>two</ul><table><td>c</table>',
    ];
    for (const html of samples) expect(sanitizeHtml(sanitizeHtml(html))).toBe(sanitizeHtml(html));
  });
});

describe('hasVisibleContent', () => {
  test.each([
    ['<p>text</p>', true],
    ['<img src="/a.png">', true],
    ['<p><br></p>', false],
    ['<p>&nbsp; \u00a0</p>', false],
    ['', false],
  ])('%s: %s', (html, expected) => {
    expect(hasVisibleContent(html)).toBe(expected);
  });
});
