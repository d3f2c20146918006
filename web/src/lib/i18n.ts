import { DEFAULT_LOCALE, LOCALES, type Locale } from '@jiema/shared';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from './storage';

type Chunk = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Each language is two chunks, loaded when it is first shown: the sign-in pages' areas (`CORE`) and
 * the rest (`REST`). A first visit to /login downloads only the first; every other page waits for the
 * rest (`loadWholeLanguage`, in the router), and a language switched to is loaded whole.
 */
const CORE: Record<Locale, Chunk> = {
  'zh-CN': () => import('../locales/zh-CN'),
  'en-US': () => import('../locales/en-US'),
};
const REST: Record<Locale, Chunk> = {
  'zh-CN': () => import('../locales/zh-CN-rest'),
  'en-US': () => import('../locales/en-US-rest'),
};

const restLoaded = new Map<Locale, Promise<void>>();

/** Loads the rest of the language into i18next (once); components re-render when it is added. */
export function loadWholeLanguage(locale: Locale = currentLocale()): Promise<void> {
  let loading = restLoaded.get(locale);
  if (!loading) {
    loading = REST[locale]().then((bundle) => {
      i18n.addResourceBundle(locale, 'translation', bundle.default, true, true);
    });
    restLoaded.set(locale, loading);
    loading.catch(() => restLoaded.delete(locale));
  }
  return loading;
}

let firstLanguage = true;

/** An i18next backend over those chunks: `changeLanguage` loads the language before it switches. */
const localeChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const locale = language as Locale;
    if (!CORE[locale]) return callback(null, {});
    const first = firstLanguage;
    firstLanguage = false;
    // The first language: its first part only (the rest follows in the router); a switch: all of it.
    const parts = first ? [CORE[locale]()] : [CORE[locale](), REST[locale]()];
    Promise.all(parts).then(
      (bundles) => {
        const whole = Object.assign({}, ...bundles.map((b) => b.default)) as ResourceKey;
        if (!first) restLoaded.set(locale, Promise.resolve());
        callback(null, whole);
      },
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
    // The rest of a language arrives after the first render: what shows then re-renders with it.
    react: { bindI18nStore: 'added' },
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
