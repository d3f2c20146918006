import { type Locale, VALIDATION_MESSAGES } from '@jiema/shared';
import { areasOf, validationArea } from './bundle';

/**
 * The rest of one language: the other areas and the whole validation catalogue. A module of its own,
 * so the catalogue is not in the sign-in pages' chunk (bundle.ts) of the first load of /login.
 */
export function restOf(locale: Locale, files: Record<string, Record<string, unknown>>) {
  const translation = areasOf(files);
  translation.validation = validationArea(locale, VALIDATION_MESSAGES);
  return translation;
}
