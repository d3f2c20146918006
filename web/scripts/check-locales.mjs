// Fails the build when a translation is missing: every locale file has the same keys in zh-CN and
// en-US, every literal t('key') in the source exists, every menu entry has a title, and no Chinese
// text is hard-coded in components (it belongs in locales/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.join(web, 'src/locales');
const LOCALES = ['zh-CN', 'en-US'];
const problems = [];

const flatten = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? flatten(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

const keys = Object.fromEntries(LOCALES.map((l) => [l, new Set()]));
const areas = new Set(LOCALES.flatMap((l) => fs.readdirSync(path.join(localesDir, l))));
for (const area of areas) {
  for (const locale of LOCALES) {
    const file = path.join(localesDir, locale, area);
    if (!fs.existsSync(file)) {
      problems.push(`${locale}/${area} is missing`);
      continue;
    }
    for (const key of flatten(JSON.parse(fs.readFileSync(file, 'utf8')))) {
      keys[locale].add(`${area.replace(/\.json$/, '')}.${key}`);
    }
  }
}
// Shared validation messages are added at run time from shared/src/validation.ts.
const messagesDir = path.join(web, '../shared/src/validation-messages');
const validation = fs
  .readdirSync(messagesDir)
  .map((f) => fs.readFileSync(path.join(messagesDir, f), 'utf8'))
  .join('\n');
for (const [, key] of validation.matchAll(/'(validation\.\w+)':/g)) for (const l of LOCALES) keys[l].add(key);

for (const [a, b] of [LOCALES, [...LOCALES].reverse()]) {
  for (const key of keys[a]) if (!keys[b].has(key)) problems.push(`${b} lacks "${key}" (present in ${a})`);
}

const has = (key) =>
  LOCALES.every((l) => keys[l].has(key) || [...keys[l]].some((k) => k.startsWith(`${key}.`)));
const hasPrefix = (prefix) => LOCALES.every((l) => [...keys[l]].some((k) => k.startsWith(prefix)));

const sources = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sources(full);
    return /\.(tsx?|jsx?)$/.test(e.name) ? [full] : [];
  });

const CJK = /[\u3400-\u9fff]/;
// Language names are written in their own language; http-failure recognises the Chinese server messages of spec §8.
const CJK_ALLOWED = new Set(['components/locale-labels.ts', 'lib/http-failure.ts']);
for (const file of sources(path.join(web, 'src'))) {
  const rel = path.relative(path.join(web, 'src'), file);
  const text = fs.readFileSync(file, 'utf8');
  for (const [, key] of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
    if (!has(key)) problems.push(`${rel}: t('${key}') has no translation`);
  }
  for (const [, tpl] of text.matchAll(/\bt\(\s*`([^`]+)`/g)) {
    const prefix = tpl.split('${')[0];
    if (!hasPrefix(prefix)) problems.push(`${rel}: t(\`${tpl}\`) has no translations under "${prefix}"`);
  }
  if (!CJK_ALLOWED.has(rel)) {
    text.split('\n').forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '');
      if (CJK.test(code)) problems.push(`${rel}:${i + 1}: hard-coded Chinese text belongs in locales/`);
    });
  }
}

const menu = fs.readFileSync(path.join(web, '../shared/src/menu.ts'), 'utf8');
for (const [, key] of [...menu.matchAll(/leaf\(\s*'(\w+)'/g), ...menu.matchAll(/titleKey: '(\w+)'/g)]) {
  if (!has(`menu.${key}`)) problems.push(`menu entry "${key}" has no menu.${key} translation`);
}

if (problems.length) {
  console.error(`Translation check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Translations complete: ${keys['zh-CN'].size} keys in ${LOCALES.join(' and ')}.`);
