import { afterAll, beforeAll, expect, test } from 'vitest';
import phoneImportChunks from '../../src/db/migrations/0260-phone-import-chunks';
import { createTestApp, type TestApp } from '../helpers';
import { adminToken, commit, preview, previewLines, russianMobiles } from './stock-helpers';

// Migration 0260 stages a batch's lines as chunks of arrays instead of a row per line; a batch that
// was previewed before the upgrade keeps its preview and can still be imported.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(() => t?.close());

/** Puts the staging back as it was before 0260 (one row per line, 0004-stock), with the same lines. */
async function stageAsBefore0260() {
  await t.db.exec(`
    create table staged_before_0260 as select * from phone_import_items;
    drop view phone_import_items;
    drop table phone_import_chunks;
    create table phone_import_items (
      import_id integer not null references phone_imports (id) on delete cascade,
      seq integer not null,
      line_no integer not null,
      raw text not null,
      number text collate "C",
      prefix text collate "C",
      operator_id integer,
      status text not null check (status in ('valid', 'invalid', 'duplicateInFile', 'duplicateInStock')),
      reason text,
      detail text,
      primary key (import_id, seq)
    );
    insert into phone_import_items select * from staged_before_0260;
    drop table staged_before_0260;`);
}

test('a batch previewed before the upgrade keeps every line of its preview and imports the same', async () => {
  const numbers = russianMobiles(7, 700);
  const text = [...numbers, 'hello', numbers[2], '+74951234567'].join('\n');
  const ready = await preview(t, token, text, { countryCode: 'RU', source: 'upgrade' });
  const before = await previewLines(t, token, ready.id);
  expect(before.total).toBe(10);

  await stageAsBefore0260();
  await t.db.exec(phoneImportChunks);

  expect(await previewLines(t, token, ready.id)).toEqual(before);
  expect((await previewLines(t, token, ready.id, 'invalid')).total).toBe(2);
  const done = await commit(t, token, ready.id);
  expect(done).toMatchObject({ state: 'completed', addedCount: 7, skippedCount: 0 });
});
