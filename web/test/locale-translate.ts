import type { Translate } from '../src/lib/http-failure';
import enHttp from '../src/locales/en-US/http.json';
import zhHttp from '../src/locales/zh-CN/http.json';

const MESSAGES = { 'zh-CN': { http: zhHttp }, 'en-US': { http: enHttp } } as const;

/**
 * A translate function over the app's real locale files (no i18next, no DOM), so the tests
 * compare with the exact words of spec §8.
 */
export function translateFor(locale: keyof typeof MESSAGES): Translate {
  return (key, params = {}) => {
    let value: unknown = MESSAGES[locale];
    for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    if (typeof value !== 'string') throw new Error(`missing translation ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(params[name]));
  };
}
