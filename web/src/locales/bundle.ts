import { type Locale, VALIDATION_MESSAGES } from '@jiema/shared';

type Messages = Record<string, unknown>;

/**
 * One language's translations: `<locale>/<area>.json` becomes the key prefix `<area>.`, and the shared
 * validation keys come from shared/. Each language is its own chunk (see lib/i18n.ts), so a first visit
 * downloads only the language it shows.
 */
export function bundleOf(locale: Locale, files: Record<string, Messages>): Messages {
  const translation: Messages = {};
  for (const [file, messages] of Object.entries(files)) {
    const area = /\/([^/]+)\.json$/.exec(file)?.[1];
    if (area) translation[area] = messages;
  }
  translation.validation = Object.fromEntries(
    Object.entries(VALIDATION_MESSAGES).map(([key, text]) => [
      key.replace(/^validation\./, ''),
      text[locale],
    ]),
  );
  return translation;
}
