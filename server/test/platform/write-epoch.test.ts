import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * `Db.writeEpoch` decides how long every exact cache of a process (sessions, API keys, getStatus, the
 * code link) may answer from memory: it must move on every change this process makes, and should not
 * move on statements that changed nothing (the idle background jobs run such updates every second).
 */
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.exec('create table epoch_probe (id int primary key, value int not null)');
});
afterAll(async () => {
  await database?.drop();
});

/** How far `run` moves the epoch. */
async function movesBy(run: () => Promise<unknown>): Promise<number> {
  const before = db.writeEpoch();
  await run();
  return db.writeEpoch() - before;
}

describe(`the write epoch (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('moves on an insert, an update and a delete that change rows', async () => {
    expect(await movesBy(() => db.query('insert into epoch_probe values (1, 1), (2, 2)'))).toBe(1);
    expect(await movesBy(() => db.query('update epoch_probe set value = 3 where id = 1'))).toBe(1);
    expect(await movesBy(() => db.query('delete from epoch_probe where id = 2'))).toBe(1);
  });

  it('stays on a select, and on an update, a delete or an insert that changed no row', async () => {
    expect(await movesBy(() => db.query('select * from epoch_probe'))).toBe(0);
    expect(await movesBy(() => db.query('update epoch_probe set value = 9 where id = 404'))).toBe(0);
    expect(await movesBy(() => db.query('delete from epoch_probe where id = 404'))).toBe(0);
    expect(
      await movesBy(() => db.query('insert into epoch_probe values (1, 5) on conflict (id) do nothing')),
    ).toBe(0);
    expect((await db.query<{ value: number }>('select value from epoch_probe where id = 1'))[0]?.value).toBe(
      3,
    );
  });

  it('moves on a `with` statement even when its last part returns nothing: its count is not the change', async () => {
    const moved = await movesBy(() =>
      db.query(
        'with changed as (update epoch_probe set value = 4 where id = 1 returning id) select id from changed where false',
      ),
    );
    expect(moved).toBe(1);
    expect((await db.query<{ value: number }>('select value from epoch_probe where id = 1'))[0]?.value).toBe(
      4,
    );
  });

  it('moves on every transaction, a read-only one included, and on a failed statement', async () => {
    expect(await movesBy(() => db.transaction((tx) => tx.query('select 1')))).toBe(1);
    await expect(db.query('update epoch_probe set value = null where id = 1')).rejects.toThrow();
    expect(
      await movesBy(() => db.query('update epoch_probe set value = null where id = 1').catch(() => 0)),
    ).toBe(1);
  });
});
