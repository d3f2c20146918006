// Bundles the server and the operator's CLI (and the shared contracts they import) into dist/main.js and
// dist/cli.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
  outdir: 'dist',
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
