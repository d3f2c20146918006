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
  // The phone-number module is a subpath of its own (its metadata stays out of the browser's index).
  alias: {
    '@jiema/shared/phone-number': '../shared/src/phone-number.ts',
    '@jiema/shared': '../shared/src/index.ts',
  },
  sourcemap: true,
  logLevel: 'warning',
});
