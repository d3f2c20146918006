/** The interface languages. zh-CN is the default and the fallback (spec §1, §9). */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** The header the web app sends with the locale chosen in the UI; wins over Accept-Language. */
export const LOCALE_HEADER = 'x-locale';

/** The supported locale a header value such as `en-US,en;q=0.9` or `zh` asks for, if any. */
export function matchLocale(...candidates: Array<string | undefined | null>): Locale | undefined {
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (const part of candidate.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
      if (tag.startsWith('en')) return 'en-US';
      if (tag.startsWith('zh')) return 'zh-CN';
    }
  }
  return undefined;
}

/** Picks a supported locale from a header value such as `en-US,en;q=0.9` or `zh`; zh-CN when none. */
export function resolveLocale(...candidates: Array<string | undefined | null>): Locale {
  return matchLocale(...candidates) ?? DEFAULT_LOCALE;
}
