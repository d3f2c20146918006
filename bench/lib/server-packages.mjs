import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// Packages are taken from the server workspace, so the baseline runs the very Fastify the server runs.
const requireFromServer = createRequire(new URL('../../server/package.json', import.meta.url));

export async function importFromServer(name) {
  const module = await import(pathToFileURL(requireFromServer.resolve(name)).href);
  return module.default ?? module;
}

export function serverPackageVersion(name) {
  const main = requireFromServer.resolve(name);
  const packageDir = main.slice(
    0,
    main.lastIndexOf(`node_modules/${name}/`) + `node_modules/${name}/`.length,
  );
  const packageJson = `${packageDir}package.json`;
  return JSON.parse(readFileSync(packageJson, 'utf8')).version;
}
