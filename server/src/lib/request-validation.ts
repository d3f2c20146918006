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

/**
 * Validates with the route's zod schema, keeping the raw issues (so they can be translated per request).
 * Every route refuses NUL characters here, so no schema has to remember them.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    const result = schema.safeParse(data, { reportInput: true });
    if (!result.success) return { error: new RequestValidationError(result.error.issues, part) };
    const nulPath = nulCharacterPath(result.data);
    if (nulPath) {
      const issue: core.$ZodIssue = { code: 'custom', path: nulPath, message: 'validation.nulCharacter' };
      return { error: new RequestValidationError([issue], part) };
    }
    return { value: result.data };
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
