import { ZCodeLinkQuery } from '@jiema/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestValidationError, zodValidatorCompiler } from '../../src/lib/request-validation';

/**
 * Params and query strings are parsed once per distinct URL and remembered (a poll repeats its URL many
 * times a second). What is remembered must never change an answer: the same values every time, copies a
 * handler may change without changing the next request's, failures parsed again, NUL still refused.
 */
type Validate = (data: unknown) => { value?: unknown; error?: unknown };
const compile = (schema: z.ZodType, httpPart: string) =>
  (zodValidatorCompiler as FastifySchemaCompiler<z.ZodType>)({
    schema,
    httpPart,
    method: 'GET',
    url: '/probe',
  }) as Validate;

describe('remembered parses of params and query strings', () => {
  it('gives the same parsed values on every request, each time a fresh copy', () => {
    const validate = compile(ZCodeLinkQuery, 'querystring');
    const first = validate({ wait: '30', after: '2026-11-24T08:00:00Z' });
    const second = validate({ wait: '30', after: '2026-11-24T08:00:00Z' });
    expect(first.value).toEqual({ wait: 30, after: '2026-11-24T08:00:00Z' });
    expect(second.value).toEqual(first.value);
    expect(second.value).not.toBe(first.value);
    (second.value as { wait: number }).wait = 1;
    expect(validate({ wait: '30', after: '2026-11-24T08:00:00Z' }).value).toEqual({
      wait: 30,
      after: '2026-11-24T08:00:00Z',
    });
  });

  it('parses an empty query string and a different one each on their own', () => {
    const validate = compile(ZCodeLinkQuery, 'querystring');
    expect(validate({}).value).toEqual({});
    expect(validate({ wait: '5' }).value).toEqual({ wait: 5 });
    expect(validate({}).value).toEqual({});
  });

  it('refuses a bad value every time, also after a good one was remembered', () => {
    const validate = compile(ZCodeLinkQuery, 'querystring');
    expect(validate({ wait: '5' }).value).toEqual({ wait: 5 });
    for (let i = 0; i < 2; i++) {
      const result = validate({ wait: '600' });
      expect(result.error).toBeInstanceOf(RequestValidationError);
      expect((result.error as RequestValidationError).part).toBe('querystring');
    }
  });

  it('refuses NUL in a value or a name, never taking it for a remembered key', () => {
    const schema = z.object({ a: z.string().optional(), b: z.string().optional() });
    const validate = compile(schema, 'querystring');
    expect(validate({ a: 'x', b: 'y' }).value).toEqual({ a: 'x', b: 'y' });
    const nulValue = validate({ a: 'x\u0000b\u0000y' });
    expect((nulValue.error as RequestValidationError).issues[0]?.message).toBe('validation.nulCharacter');
    const nulName = validate({ 'a\u0000x': 'y' });
    expect(nulName.value).toEqual({});
  });

  it('parses repeated keys (arrays) and long strings every time, correctly', () => {
    const schema = z.object({ ids: z.union([z.string(), z.array(z.string())]).optional() });
    const validate = compile(schema, 'querystring');
    const twice = validate({ ids: ['1', '2'] });
    expect(twice.value).toEqual({ ids: ['1', '2'] });
    (twice.value as { ids: string[] }).ids.push('3');
    expect(validate({ ids: ['1', '2'] }).value).toEqual({ ids: ['1', '2'] });
    const long = 'x'.repeat(2000);
    expect(validate({ ids: long }).value).toEqual({ ids: long });
  });

  it('does not remember a parse that holds an object, so a handler cannot change the next one', () => {
    const schema = z.object({ list: z.string().transform((v) => v.split(',')) });
    const validate = compile(schema, 'params');
    const first = validate({ list: 'a,b' });
    (first.value as { list: string[] }).list.push('c');
    expect(validate({ list: 'a,b' }).value).toEqual({ list: ['a', 'b'] });
  });

  it('keeps giving right answers past the number of parses it remembers', () => {
    const validate = compile(z.object({ token: z.string().min(1).max(128) }), 'params');
    for (let i = 0; i < 2500; i++) expect(validate({ token: `t${i}` }).value).toEqual({ token: `t${i}` });
    expect(validate({ token: 't7' }).value).toEqual({ token: 't7' });
    expect(validate({ token: '' }).error).toBeInstanceOf(RequestValidationError);
  });

  it('parses bodies every time (they are not URL strings)', () => {
    const validate = compile(z.object({ n: z.coerce.number() }), 'body');
    const first = validate({ n: '1' });
    const second = validate({ n: '1' });
    expect(second.value).toEqual(first.value);
    expect(second.value).not.toBe(first.value);
  });
});
