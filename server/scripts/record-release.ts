// At a release: appends the release's migrations (id and SHA-256 of the SQL) to
// src/db/migrations/released.json, which test/operations/upgrade.test.ts holds the code to.
//   npx tsx scripts/record-release.ts <version> <commit>
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { MIGRATIONS } from '../src/db/migrations';

const [release, commit] = process.argv.slice(2);
if (!release || !commit) {
  console.error('usage: npx tsx scripts/record-release.ts <version> <commit>');
  process.exit(2);
}
const file = new URL('../src/db/migrations/released.json', import.meta.url);
const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as { releases: { release: string }[] };
if (recorded.releases.some((r) => r.release === release)) {
  console.error(`release ${release} is recorded already`);
  process.exit(1);
}
const migrations = MIGRATIONS.map((m) => ({
  id: m.id,
  sha256: createHash('sha256').update(m.sql).digest('hex'),
}));
recorded.releases.push({ release, commit, migrations } as never);
fs.writeFileSync(file, `${JSON.stringify(recorded, null, 2)}\n`);
console.log(`release ${release}: ${migrations.length} migrations recorded`);
