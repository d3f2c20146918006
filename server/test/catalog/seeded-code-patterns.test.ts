import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import seededCodePatterns from '../../src/db/migrations/0150-seeded-code-patterns';
import { createTestApp, type TestApp } from '../helpers';
import { asAdmin, data } from './catalog-helpers';

let t: TestApp;
let admin: ReturnType<typeof asAdmin>;
beforeAll(async () => {
  t = await createTestApp();
  admin = asAdmin(t);
});
afterAll(() => t?.close());

const codePatternOf = async (code: string) =>
  (await t.db.query<{ p: string }>('select code_pattern as p from applications where code = $1', [code]))[0]
    ?.p;

describe('the seeded code patterns of Google and Facebook (migration 0150)', () => {
  test('an installation still on the old seeded pattern gets the new one; an administrator\u2019s own stays', async () => {
    await t.db.query(`update applications set code_pattern = 'G-(\\d{6})|\\b(\\d{6})\\b' where code = 'go'`);
    await t.db.query(`update applications set code_pattern = 'FB-(\\d+)' where code = 'fb'`);
    // The migration's statements one by one (a prepared statement holds one command).
    for (const statement of seededCodePatterns.split(';').filter((s) => s.trim()))
      await t.db.query(statement);
    expect(await codePatternOf('go')).toBe(String.raw`\bG-([A-Z0-9]{5,8})\b`);
    expect(await codePatternOf('fb')).toBe(String.raw`FB-(\d+)`);
  });

  test('a Google Pay purchase notice gives no Google code; an alphanumeric Google code is found', async () => {
    const codePattern = await codePatternOf('go');
    const purchase = data<{ attributed: boolean; code: string | null }>(
      await admin({
        method: 'POST',
        url: '/api/admin/applications/test-patterns',
        payload: {
          keywordPattern: 'Google|G-\\d{6}',
          codePattern,
          text: 'PoS Purchase\nBy:4196;mada(Google Pay)\nAmount:SR 4\nAt:170658 riyadh\n26/6/18 11:48',
        },
      }),
    );
    expect(purchase).toEqual({ attributed: true, code: null });
    const alphanumeric = data<{ code: string | null }>(
      await admin({
        method: 'POST',
        url: '/api/admin/applications/test-patterns',
        payload: { codePattern, text: 'G-33WB4B is your Google verification code.' },
      }),
    );
    expect(alphanumeric.code).toBe('33WB4B');
  });
});
