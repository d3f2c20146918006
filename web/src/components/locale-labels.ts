import type { Locale } from '@jiema/shared';

/** Each language named in itself, as language pickers do. */
export const LOCALE_LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };
