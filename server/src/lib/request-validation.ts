import { isValidationMessageKey, type Locale, validationMessage } from '@jiema/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { type core, type ZodType, z } from 'zod';

/** A request part that failed its schema; translated into the caller's language by the error handler. */
export class RequestValidationError extends Error {
  constructor(
    readonly issues: readonly core.$ZodIssue[],
    readonly part: string,
  ) {
    super('request validation failed');
  }
}

/** The path of the first string holding U+0000, which PostgreSQL text cannot store (it fails the query). */
function nulCharacterPath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterPath(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return null;
}

/** Parses remembered per route part (params or query string): cleared when full, so memory stays bounded. */
const REMEMBERED_PARSES = 1000;
/** Longer params or query strings are parsed every time (a long key is rare, and costs its length to keep). */
const MAX_REMEMBERED_KEY = 512;

/**
 * The key of a params or query-string object whose values are all strings (what a URL gives), else null.
 * NUL separates the parts; a name or value holding one is refused by the parse, so it is never looked up.
 */
function stringsKey(data: unknown): string | null {
  if (data === null || typeof data !== 'object') return null;
  let key = '';
  for (const name in data) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value !== 'string' || value.includes('\u0000') || name.includes('\u0000')) return null;
    key += `${name}\u0000${value}\u0000`;
    if (key.length > MAX_REMEMBERED_KEY) return null;
  }
  return key;
}

/** A parse worth remembering: a plain object of primitives, so a copy of it shares nothing mutable. */
function primitivesOnly(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const item of Object.values(value)) if (item !== null && typeof item === 'object') return false;
  return true;
}

/**
 * Validates with the route's zod schema, keeping the raw issues (so they can be translated per request).
 * Every route refuses NUL characters here, so no schema has to remember them.
 *
 * Params and query strings repeat: a script polls the same code link URL many times a
 * second, and parsing them was a fifth of such a request's CPU. A parse is a pure function of the strings
 * (no schema of ours reads the clock or the database), so a success is remembered per route part and
 * handed out as a fresh copy; failures are parsed again each time.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema, httpPart }) => {
  const part = httpPart ?? 'body';
  const validate = (data: unknown) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (!result.success) return { error: new RequestValidationError(result.error.issues, part) };
    const nulPath = nulCharacterPath(result.data);
    if (nulPath) {
      const issue: core.$ZodIssue = { code: 'custom', path: nulPath, message: 'validation.nulCharacter' };
      return { error: new RequestValidationError([issue], part) };
    }
    return { value: result.data };
  };
  if (part !== 'params' && part !== 'querystring') return validate;
  const remembered = new Map<string, Record<string, unknown>>();
  return (data) => {
    const key = stringsKey(data);
    if (key === null) return validate(data);
    const known = remembered.get(key);
    if (known) return { value: { ...known } };
    const result = validate(data);
    if ('value' in result && primitivesOnly(result.value)) {
      if (remembered.size >= REMEMBERED_PARSES) remembered.clear();
      remembered.set(key, { ...result.value });
    }
    return result;
  };
};

const localeErrors = { 'zh-CN': z.locales.zhCN().localeError, 'en-US': z.locales.en().localeError };

/** One line per issue: `field: message`, shared-schema keys translated, zod's own messages in the locale. */
export function describeIssues(issues: readonly core.$ZodIssue[], locale: Locale) {
  return issues.map((issue) => {
    const path = issue.path.join('.');
    let message: string;
    if (isValidationMessageKey(issue.message)) {
      message = validationMessage(issue.message, locale);
    } else {
      const localized = localeErrors[locale](issue as unknown as core.$ZodRawIssue);
      message = typeof localized === 'string' ? localized : (localized?.message ?? issue.message);
    }
    return { path, message };
  });
}
