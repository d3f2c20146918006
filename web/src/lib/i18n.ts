import { DEFAULT_LOCALE, LOCALES, type Locale } from '@jiema/shared';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from './storage';

/** Each language is a chunk of its own, loaded when it is first shown (the first visit loads one). */
const BUNDLES: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  'zh-CN': () => import('../locales/zh-CN'),
  'en-US': () => import('../locales/en-US'),
};

/** An i18next backend over those chunks: `changeLanguage` loads the language before it switches. */
const localeChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = BUNDLES[language as Locale];
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle.default as ResourceKey),
      (error: Error) => callback(error, false),
    );
  },
};

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
/** Resolves once the first language is loaded; main.tsx renders after it. */
export const i18nReady = i18n
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    lng: initialLocale(),
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    // Every key exists in both languages (the web tests check it), so no second language is loaded as a fallback.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** Spec §1: the choice is saved to local storage each time it changes. */
i18n.on('languageChanged', (lng) => {
  localStorage.setItem(STORAGE_KEYS.locale, lng);
  document.documentElement.lang = lng;
});
void i18nReady.then(() => {
  document.documentElement.lang = i18n.language;
});

export const currentLocale = () => i18n.language as Locale;
