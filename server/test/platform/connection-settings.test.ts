import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The settings every connection of the pool starts with. JIT is off: on a database holding a year of
 * history the planner's estimates pass jit_above_cost for everyday statements, and compiling them
 * cost PostgreSQL more than it saved (the busy day's benchmark on a year of history).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.drop();
});

describe.skipIf(!onPostgres)("the pool's connection settings (PostgreSQL)", () => {
  it('has JIT off on pooled statements and in transactions, also on connections opened under load', async () => {
    // Ten at once open several of the pool's connections, not only the first one.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ jit: string }>('select current_setting($1) as jit', ['jit']);
          await tx.query('select pg_sleep(0.02)');
          return row!.jit;
        }),
      ),
    );
    expect(answers).toEqual(Array(10).fill('off'));
    const [plain] = await db.query<{ jit: string }>('show jit');
    expect(plain!.jit).toBe('off');
  });

  it('plans a statement dear enough to be compiled without JIT', async () => {
    // Estimated at 250,000, above jit_above_cost (100,000 by default).
    const dear = 'explain select sum(g) from generate_series(1, 20000000) g';
    const planOf = (rows: { 'QUERY PLAN': string }[]) => rows.map((r) => r['QUERY PLAN']).join('\n');
    const [jit] = await db.query<{ available: boolean }>('select pg_jit_available() as available');
    if (jit?.available) {
      // The same statement with JIT back on is compiled: the statement is dear enough for the check below.
      const withJit = await db.transaction(async (tx) => {
        await tx.query('set local jit = on');
        return planOf(await tx.query(dear));
      });
      expect(withJit).toMatch(/JIT:/);
    }
    expect(planOf(await db.query(dear))).not.toMatch(/JIT:/);
  });
});
