import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// bulletproof-react's rule, kept by a test rather than by review: a feature imports only itself,
// web/src/components, web/src/lib and packages; what two features share moves to components or lib.
const featuresDir = resolve(dirname(fileURLToPath(import.meta.url)), '../src/features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const featureOf = (path: string) => relative(featuresDir, path).split(sep)[0]!;

test('no feature imports another feature', () => {
  const crossings: string[] = [];
  for (const file of sourceFiles(featuresDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g)) {
      const target = resolve(dirname(file), match[1]!);
      if (!target.startsWith(featuresDir + sep)) continue;
      if (featureOf(target) !== featureOf(file)) {
        crossings.push(`${relative(featuresDir, file)} → ${relative(featuresDir, target)}`);
      }
    }
  }
  expect(crossings).toEqual([]);
});
