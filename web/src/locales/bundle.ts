import { type Locale, SIGN_IN_VALIDATION_MESSAGES } from '@jiema/shared';

type Messages = Record<string, unknown>;

/** Translation files by area: `<locale>/<area>.json` becomes the key prefix `<area>.`. */
export function areasOf(files: Record<string, Messages>): Messages {
  const translation: Messages = {};
  for (const [file, messages] of Object.entries(files)) {
    const area = /\/([^/]+)\.json$/.exec(file)?.[1];
    if (area) translation[area] = messages;
  }
  return translation;
}

type Catalogue = Record<string, Record<Locale, string>>;

/** The shared validation messages (`validation.<name>`) in one language, as the `validation` area. */
export const validationArea = (locale: Locale, catalogue: Catalogue): Messages =>
  Object.fromEntries(
    Object.entries(catalogue).map(([key, text]) => [key.replace(/^validation\./, ''), text[locale]]),
  );

/**
 * The first part of one language's translations (the areas of `files`) with the sign-in pages'
 * validation messages from shared/. Each language is two chunks (see lib/i18n.ts), so a first visit
 * downloads only the language it shows, and /login only the part the sign-in pages use.
 */
export function bundleOf(locale: Locale, files: Record<string, Messages>): Messages {
  const translation = areasOf(files);
  translation.validation = validationArea(locale, SIGN_IN_VALIDATION_MESSAGES);
  return translation;
}
