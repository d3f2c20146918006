import type { Db } from '../../db/client';
import { MIGRATIONS } from '../../db/migrations';

/**
 * What `main.ts` has started in this process. A process built without them (the tests' app, or one
 * whose workers are all switched off) is ready once the database is: nothing is pending.
 */
export type Readiness = {
  /** Set by main.ts once every background worker this process runs has started. */
  workersStarted: boolean;
  /** The workers main.ts will start (empty: none are this process's to start). */
  workers: string[];
};

export type ReadinessReport = {
  ready: boolean;
  database: { ok: boolean; kind: Db['kind']; latencyMs: number | null; error?: string };
  migrations: { applied: number; expected: number; pending: string[] };
  workers: { started: boolean; names: string[] };
};

export async function checkReadiness(db: Db, readiness: Readiness): Promise<ReadinessReport> {
  const started = performance.now();
  let applied: Set<string> | null = null;
  let error: string | undefined;
  try {
    applied = new Set((await db.query<{ id: string }>('select id from schema_migrations')).map((r) => r.id));
  } catch (e) {
    // Only the kind of failure: the message may hold a host name or a user.
    error = e instanceof Error && 'code' in e ? `database error ${String(e.code)}` : 'unreachable';
  }
  const latencyMs = applied ? Math.round((performance.now() - started) * 10) / 10 : null;
  const pending = applied ? MIGRATIONS.map((m) => m.id).filter((id) => !applied.has(id)) : [];
  const workersStarted = readiness.workersStarted || readiness.workers.length === 0;
  return {
    ready: applied !== null && pending.length === 0 && workersStarted,
    database: { ok: applied !== null, kind: db.kind, latencyMs, ...(error ? { error } : {}) },
    migrations: { applied: applied?.size ?? 0, expected: MIGRATIONS.length, pending },
    workers: { started: workersStarted, names: readiness.workers },
  };
}
