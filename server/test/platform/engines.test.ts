import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(path.join(root, 'package.json'));
const semver = require('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

/** Every package.json under node_modules (scoped and nested ones included). */
function installedPackages(dir: string, found: { name: string; version: string; node?: unknown }[] = []) {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const where = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      installedPackages(where, found);
      continue;
    }
    const manifest = path.join(where, 'package.json');
    if (fs.existsSync(manifest)) {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      found.push({ name: pkg.name, version: pkg.version, node: pkg.engines?.node });
    }
    installedPackages(path.join(where, 'node_modules'), found);
  }
  return found;
}

// Issue 7 item 16: `npm install` printed EBADENGINE for packages asking for Node 22 while the README
// promises 20.19+ (fixed with `overrides` in package.json). Any dependency update that brings one back fails here.
test('every installed package accepts the oldest Node version the project promises', () => {
  const promised = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines
    .node as string;
  const oldest = semver.minVersion(promised)!.version;
  expect(oldest).toBe('20.19.0');
  const packages = installedPackages(path.join(root, 'node_modules'));
  expect(packages.length).toBeGreaterThan(100);
  const refusing = packages
    .filter((p) => typeof p.node === 'string' && !semver.satisfies(oldest, p.node))
    .map((p) => `${p.name}@${p.version} wants node ${p.node}`);
  expect(refusing).toEqual([]);
});
