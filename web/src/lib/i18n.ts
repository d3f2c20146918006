import { DEFAULT_LOCALE, LOCALES, type Locale, VALIDATION_MESSAGES } from '@jiema/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from './storage';

type Messages = Record<string, unknown>;
const files = import.meta.glob<Messages>('../locales/*/*.json', { eager: true, import: 'default' });

/** `locales/<locale>/<area>.json` becomes the key prefix `<area>.`; shared validation keys come from shared/. */
function resourcesOf(locale: Locale) {
  const translation: Record<string, unknown> = {};
  for (const [file, messages] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === locale) translation[match[2]!] = messages;
  }
  translation.validation = Object.fromEntries(
    Object.entries(VALIDATION_MESSAGES).map(([key, text]) => [
      key.replace(/^validation\./, ''),
      text[locale],
    ]),
  );
  return { translation };
}

function initialLocale(): Locale {
  try {
    const saved = localStorage.getItem(STORAGE_KEYS.locale);
    if (saved && (LOCALES as readonly string[]).includes(saved)) return saved as Locale;
  } catch {
    // storage unavailable: default
  }
  return DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, resourcesOf(l)])),
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Spec §1: the choice is saved to local storage each time it changes. */
i18n.on('languageChanged', (lng) => {
  localStorage.setItem(STORAGE_KEYS.locale, lng);
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export const currentLocale = () => i18n.language as Locale;
