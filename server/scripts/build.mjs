// Bundles the server (and the shared contracts it imports) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  alias: { '@jiema/shared': '../shared/src/index.ts' },
  sourcemap: true,
  logLevel: 'warning',
});
