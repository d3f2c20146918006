import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integerArrayLiteral, textArrayLiteral } from '../../src/db/array-literal';
import { createTestApp, type TestApp } from '../helpers';

/** Integer array literals reach the database as the arrays they were; anything else is refused before. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('integerArrayLiteral', () => {
  it('is read back as the same integers, as int[] and bigint[]', async () => {
    const values = [0, -7, 42, 2_147_483_647];
    const big = ['9007199254740993', '-1', '12'];
    const [row] = await t.db.query<{ ints: number[]; bigs: string[]; none: number[] }>(
      'select $1::int[] as ints, $2::bigint[]::text[] as bigs, $3::int[] as none',
      [integerArrayLiteral(values), integerArrayLiteral(big), integerArrayLiteral([])],
    );
    expect(row).toEqual({ ints: values, bigs: big, none: [] });
  });

  it('refuses what is not an integer: nothing else can reach the literal', () => {
    for (const bad of ['1,2', '1}', ' 1', '1.5', '', 'NULL'])
      expect(() => integerArrayLiteral([bad])).toThrow(TypeError);
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => integerArrayLiteral([bad])).toThrow(TypeError);
  });
});

describe('textArrayLiteral', () => {
  it('is read back as the same texts and nulls, whatever they hold', async () => {
    const values = [
      '+79121234567',
      '',
      'NULL',
      null,
      'a,b;c\td',
      '{braces}',
      'say "hi"',
      'back\\slash \\"',
      ' spaced ',
      '号码 ☎',
      'line\nbreak',
    ];
    const [row] = await t.db.query<{ texts: (string | null)[]; none: string[] }>(
      'select $1::text[] as texts, $2::text[] as none',
      [textArrayLiteral(values), textArrayLiteral([])],
    );
    expect(row).toEqual({ texts: values, none: [] });
  });
});
