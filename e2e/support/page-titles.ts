import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './server';
import type { Locale } from './texts';

/**
 * The translation of a web key (`<feature>.<path>`, e.g. `menu.overview`), read from the web app's
 * locale files. Only the every-page journey uses it: it walks pages added after it was written,
 * whose names no list in the tests can know in advance.
 */
export function translate(locale: Locale, key: string): string {
  const [feature, ...rest] = key.split('.');
  const file = path.join(REPO_ROOT, 'web/src/locales', locale, `${feature}.json`);
  let value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const part of rest) value = (value as Record<string, unknown>)?.[part];
  if (typeof value !== 'string') throw new Error(`no ${locale} translation for ${key}`);
  return value;
}
