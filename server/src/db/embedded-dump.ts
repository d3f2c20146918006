import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/** A simple-query protocol message ('Q'), sent beside PGlite's own query path (see below). */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}

/**
 * A plain-SQL dump (schema, and rows as COPY blocks: `pg_dump --no-owner --no-privileges`) of the embedded
 * database while the server keeps it open: pg_dump compiled to WebAssembly (@electric-sql/pglite-tools)
 * speaks the wire protocol to this very PGlite instance. One snapshot (pg_dump's repeatable-read
 * transaction); the server's statements wait while it runs (seconds for a small database).
 *
 * Why the detours: PGlite's `execProtocolRaw*` that pg_dump talks through takes none of PGlite's
 * locks, so a statement of the server would run inside pg_dump's read-only transaction. Holding the
 * transaction lock keeps every `query`/`exec`/`transaction` out; the helper's own `query`/`exec` would
 * wait for that lock, so they are answered here. pg_dump ends its session without a COMMIT and with
 * session settings changed (search_path '', DateStyle …), and PGlite keeps one session: the
 * transaction is rolled back and the settings reset before the lock is released.
 */
export async function dumpEmbedded(lite: PGlite): Promise<string> {
  return lite._runExclusiveTransaction(async () => {
    const helperSide = {
      query: async () => ({ rows: [{ search_path: 'public' }] }),
      exec: async () => undefined,
      execProtocolRawStream: lite.execProtocolRawStream.bind(lite),
    } as unknown as PGlite;
    try {
      const file = await pgDump({ pg: helperSide, args: ['--no-owner', '--no-privileges'] });
      return await file.text();
    } finally {
      await lite.execProtocol(simpleQuery('ROLLBACK'));
      await lite.execProtocol(simpleQuery('RESET ALL'));
      await lite.execProtocol(simpleQuery('DEALLOCATE ALL'));
    }
  });
}
