#!/usr/bin/env node
// `npx jiema <command>`: the operator's CLI (src/cli), from the build that `npm start` makes.
import fs from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!fs.existsSync(cli)) {
  console.error(
    'jiema: the server is not built yet; run `npm run build` (or use `npm run cli -- <command>`)',
  );
  process.exit(2);
}
await import(cli.href);
