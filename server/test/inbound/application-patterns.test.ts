import { readFileSync } from 'node:fs';
import { extractCode, extractCodeWithRule, smsMatchesApplication } from '@jiema/shared';
import { describe, expect, test } from 'vitest';
import applications from '../../src/db/seed-data/applications.json';

/**
 * The seeded applications' patterns against real messages of those services: every message of the
 * public corpus (and of the older code corpus) that an application's sender or keyword pattern
 * claims is read right by that application's code pattern, falling back to the general extractor
 * where the pattern finds nothing; and the messages a former seeded pattern misread stay read right.
 */
type Sample = { text: string; code: string | null; sender?: string };
const read = (url: URL): Sample[] => JSON.parse(readFileSync(url, 'utf8'));
const corpus = [
  ...read(new URL('../fixtures/sms-corpus/corpus.json', import.meta.url)),
  ...read(new URL('../../src/modules/inbound/code-corpus.json', import.meta.url)),
];
const app = (code: string) => {
  const found = applications.find((a) => a.code === code);
  if (!found) throw new Error(`no seeded application ${code}`);
  return found;
};

describe('seeded application patterns on real messages of their services', () => {
  test('every corpus message a seeded application claims gets the code a person reads', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const a of applications) {
      if (!a.senderPattern && !a.keywordPattern) continue;
      for (const s of corpus) {
        if (!smsMatchesApplication(a, { sender: s.sender ?? '', text: s.text })) continue;
        checked++;
        const got = extractCode(a.codePattern, s.text);
        // A typo in the source message ("confirmation coce") is no template of the service.
        if (got !== s.code && !s.text.includes('coce'))
          wrong.push(`${a.code}: want ${s.code} got ${got}: ${s.text}`);
      }
    }
    expect(checked).toBeGreaterThan(250);
    expect(wrong).toEqual([]);
  });

  test.each([
    // [application, message as the service sends it, code]
    [
      'tg',
      'Telegram code: 48291\n\nYou can also tap on this link to log in:\nhttps://t.me/login/48291',
      '48291',
    ],
    [
      'tg',
      'Login code: 48291. Do not give this code to anyone, even if they say they are from Telegram!',
      '48291',
    ],
    ['wa', "Your WhatsApp code: 482-913\nDon't share this code with others", '482913'],
    [
      'wa',
      '<#> Your WhatsApp Business code 482-913\nYou can also tap on this link to verify your phone: v.whatsapp.com/482913',
      '482913',
    ],
    ['go', 'G-482913 is your Google verification code.', '482913'],
    ['go', 'G-33WB4B is your Google verification code.', '33WB4B'],
    ['go', 'Your Google verification code is 482913', '482913'],
    ['mm', 'Use 4829 as Microsoft account security code', '4829'],
    ['mm', 'Microsoft account security code: 4829', '4829'],
    [
      'wx',
      "Your Apple ID Code is: 482913. Don't share it with anyone.\n\n@apple.com #482913 %apple.com",
      '482913',
    ],
    ['mt', 'Steam Guard code: 5WGU8', '5WGU8'],
    [
      'lf',
      '[TikTok] 482913 is your verification code, valid for 5 minutes. To keep your account safe, never forward this code.',
      '482913',
    ],
    [
      'wb',
      '【腾讯科技】你正在登录微信，验证码482913。转给他人将导致微信号被盗和诈骗风险，请勿转发。',
      '482913',
    ],
    [
      'hw',
      '【支付宝】验证码482913，您正在登录支付宝，切勿将验证码泄露于他人，本条验证码有效期15分钟。',
      '482913',
    ],
    ['fb', 'FB-48291 is your Facebook confirmation code', '48291'],
    ['fb', '482913 is your Facebook code. Laura', '482913'],
  ])('%s: %s', (code, text, expected) => {
    // Steam, Microsoft, Apple… have no pattern of their own: the general extractor reads them.
    expect(extractCode(app(code).codePattern, text)).toBe(expected);
  });

  test('a message a former seeded pattern misread: a Google Pay purchase is no Google code', () => {
    const text = 'PoS Purchase\nBy:4196;mada(Google Pay)\nAmount:SR 4\nAt:170658 riyadh\n26/6/18 11:48';
    const google = app('go');
    expect(smsMatchesApplication(google, { sender: '', text })).toBe(true);
    expect(extractCode('G-(\\d{6})|\\b(\\d{6})\\b', text)).toBe('170658');
    expect(extractCodeWithRule(google.codePattern, text)).toEqual({ code: null, rule: null });
  });

  test('a pattern that finds nothing falls back to the general extractor, and says so', () => {
    const whatsapp = app('wa');
    expect(extractCodeWithRule(whatsapp.codePattern, 'Seu código do WhatsApp: 482-913')).toEqual({
      code: '482913',
      rule: 'application',
    });
    expect(extractCodeWithRule(whatsapp.codePattern, 'Your WhatsApp code is 482913')).toEqual({
      code: '482913',
      rule: 'general',
    });
    expect(extractCodeWithRule(whatsapp.codePattern, 'code 12', 'code (\\d{2})')).toEqual({
      code: '12',
      rule: 'user',
    });
  });
});
