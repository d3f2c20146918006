import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { createExactCache, type ExactCache } from '../../src/lib/exact-cache';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * lib/exact-cache.ts on a real database: a table whose trigger announces each changed row, as the
 * application's tables do. Entries must survive the writes of this process that do not concern them
 * (a busy server writes all the time: the write count alone emptied every cache under load) and must
 * never survive one that does, not even for the first read after it.
 */
let database: TestDatabase;
let db: Db;
let cache: ExactCache<{ id: number; value: number }>;
let loads = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.exec(`
    create table cache_probe (id int primary key, value int not null);
    create table cache_other (id int primary key, value int not null);
    insert into cache_probe select g, g * 10 from generate_series(1, 5) g;
    insert into cache_other values (1, 0);
    create function cache_probe_announce() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cache_probe', new.id::text);
      return null;
    end $$;
    create trigger cache_probe_changed after insert or update on cache_probe
      for each row execute function cache_probe_announce();`);
  cache = createExactCache({ db, channel: 'cache_probe', ttlMs: 60_000 });
  await cache.start();
});
afterAll(async () => {
  await cache?.stop();
  await database?.drop();
});

const cachedRow = (id: number) =>
  cache.get(
    String(id),
    async () => {
      loads += 1;
      const [row] = await db.query<{ id: number; value: number }>(
        'select id, value from cache_probe where id = $1',
        [id],
      );
      return row ?? null;
    },
    (row) => row.id,
  );

describe(`exact cache (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps answering from memory across writes of this process that concern other rows', async () => {
    expect((await cachedRow(1))?.value).toBe(10);
    const before = loads;
    for (let i = 0; i < 5; i++) {
      await db.query('update cache_other set value = value + 1 where id = 1');
      await db.transaction((tx) => tx.query('update cache_probe set value = value + 1 where id = 2'));
      expect((await cachedRow(1))?.value).toBe(10);
    }
    expect(loads).toBe(before);
  });

  it("shows this process's own change of the row at the first read after the write", async () => {
    expect((await cachedRow(3))?.value).toBe(30);
    for (let i = 1; i <= 5; i++) {
      await db.query('update cache_probe set value = value + 1 where id = 3');
      expect((await cachedRow(3))?.value).toBe(30 + i);
      await db.transaction((tx) => tx.query('update cache_probe set value = value + 1 where id = 3'));
      expect((await cachedRow(3))?.value).toBe(30 + i + 1);
      await db.query('update cache_probe set value = value - 1 where id = 3');
    }
  });

  it('does not keep a read during which its row was announced, but keeps one during which another row was', async () => {
    /** Reads row `id` through the cache while `meanwhile` runs between the read and its return. */
    const readWhile = (id: number, meanwhile: string) =>
      cache.get(
        String(id),
        async () => {
          const [row] = await db.query<{ id: number; value: number }>(
            'select id, value from cache_probe where id = $1',
            [id],
          );
          await db.query(meanwhile);
          await db.query('select pg_sleep(0.05)');
          return row;
        },
        (row) => row.id,
      );
    // The row changes while the read is on its way: what the read returns may predate the change.
    const changedMeanwhile = await readWhile(4, 'update cache_probe set value = 41 where id = 4');
    expect(changedMeanwhile?.value).toBe(40);
    expect((await cachedRow(4))?.value).toBe(41);

    const otherMeanwhile = await readWhile(5, 'update cache_probe set value = value + 1 where id = 1');
    expect(otherMeanwhile?.value).toBe(50);
    const before = loads;
    expect((await cachedRow(5))?.value).toBe(50);
    expect(loads).toBe(before);
  });

  it('answers the same as the table under concurrent writes and reads of many rows', async () => {
    const writes = Array.from({ length: 40 }, (_, i) =>
      db.query('update cache_probe set value = value + 1 where id = $1', [(i % 5) + 1]),
    );
    const reads = Array.from({ length: 200 }, (_, i) => cachedRow((i % 5) + 1));
    await Promise.all([...writes, ...reads]);
    const rows = await db.query<{ id: number; value: number }>(
      'select id, value from cache_probe order by id',
    );
    for (const row of rows) expect((await cachedRow(row.id))?.value).toBe(row.value);
  });

  it('lets go of entries past their time even when nobody asks for them again', async () => {
    const short = createExactCache<{ id: number; value: number }>({ db, channel: 'cache_probe', ttlMs: 300 });
    await short.start();
    try {
      const read = (id: number) =>
        short.get(
          String(id),
          async () =>
            (
              await db.query<{ id: number; value: number }>(
                'select id, value from cache_probe where id = $1',
                [id],
              )
            )[0] ?? null,
          (row) => row.id,
        );
      for (const id of [1, 2, 3]) await read(id);
      expect(short.size()).toBe(3);
      await new Promise((r) => setTimeout(r, 350));
      await read(4);
      expect(short.size()).toBe(1);
    } finally {
      await short.stop();
    }
  });
});
