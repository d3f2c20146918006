import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Command, EXIT, textFlag, UsageError } from './command-types';

const PG_DUMP_HINT =
  'On PostgreSQL use its own tools: pg_dump -Fc "$DATABASE_URL" > jiema.dump, and pg_restore (README: Backups).';

export const backup: Command = {
  name: 'backup',
  summary: 'copy the embedded database into one file while the server runs (PGlite; PostgreSQL: pg_dump)',
  usage: 'jiema backup --out <file.tar.gz>',
  database: 'required',
  async run({ db, output }, args) {
    const out = textFlag(args, 'out');
    if (!out) throw new UsageError('--out <file> is required');
    if (!db.dumpDataDir) {
      output.err(PG_DUMP_HINT);
      return EXIT.usage;
    }
    const target = path.resolve(out);
    const blob = await db.dumpDataDir();
    // Written beside the target and renamed: a file at the target is always a whole backup.
    const partial = `${target}.partial-${process.pid}`;
    await fs.promises.writeFile(partial, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
    await fs.promises.rename(partial, target);
    output.out(`Backup written to ${target} (${blob.size} bytes).`);
    return EXIT.ok;
  },
};

export const restore: Command = {
  name: 'restore',
  summary: 'make a new embedded database directory from a backup file (then point DATA_DIR at it)',
  usage: 'jiema restore --file <backup.tar.gz> --data-dir <new empty directory>',
  database: 'none',
  async run({ config, output }, args) {
    const file = textFlag(args, 'file');
    const dir = textFlag(args, 'data-dir');
    if (!file || !dir) throw new UsageError('--file and --data-dir are both required');
    if (config.databaseUrl) {
      output.err(PG_DUMP_HINT);
      return EXIT.usage;
    }
    const target = path.resolve(dir);
    if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
      // Never over a live or older database: the operator swaps directories, keeping the old one.
      output.err(`${target} is not empty: restore into a new directory, then point DATA_DIR at it`);
      return EXIT.failed;
    }
    if (path.resolve(config.dataDir) === target) {
      output.err('restore into a new directory, not the DATA_DIR the server uses');
      return EXIT.failed;
    }
    const data = await fs.promises.readFile(path.resolve(file)).catch(() => null);
    if (!data) {
      output.err(`cannot read ${file}`);
      return EXIT.failed;
    }
    const db = await PGlite.create({ dataDir: target, loadDataDir: new Blob([data]) }).catch(
      (error: Error) => {
        output.err(`not a backup of an embedded database: ${error.message}`);
        return null;
      },
    );
    if (!db) return EXIT.failed;
    try {
      const [row] = (
        await db.query<{ migrations: number; users: number }>(
          'select (select count(*)::int from schema_migrations) as migrations, (select count(*)::int from users) as users',
        )
      ).rows;
      output.out(`Restored into ${target}: ${row?.migrations} migrations, ${row?.users} users.`);
    } finally {
      await db.close();
    }
    return EXIT.ok;
  },
};
