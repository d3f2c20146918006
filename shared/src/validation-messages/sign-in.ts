import { CORE_VALIDATION_MESSAGES } from './core';
import { FIELD_LIMIT_VALIDATION_MESSAGES } from './field-limits';

/**
 * The messages the sign-in pages' schemas (schemas/auth.ts) can give. A module of its own: the web
 * app's first download of /login carries these alone, the rest of the catalogue (validation.ts)
 * follows with the rest of the language.
 */
export const SIGN_IN_VALIDATION_MESSAGES = {
  ...CORE_VALIDATION_MESSAGES,
  ...FIELD_LIMIT_VALIDATION_MESSAGES,
} as const;
