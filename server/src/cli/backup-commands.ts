import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS } from '../db/migrations';
import { type Command, EXIT, textFlag, UsageError } from './command-types';

/** First line of every backup file: restore refuses anything else (a wrong file, a truncated copy). */
const HEADER = '-- Jiema backup of the embedded database';
/** Last line: a dump cut short (disk full, killed) has no such line and is refused. */
const FOOTER = '-- End of the Jiema backup';

const gzipped = (file: string) => file.endsWith('.gz');

function oneFile(positional: string[]) {
  if (positional.length !== 1) throw new UsageError('give exactly one backup file');
  return positional[0]!;
}

export const backup: Command = {
  name: 'backup',
  summary: 'write the embedded database (schema and rows) to one file while the server keeps running',
  usage: [
    'jiema backup <file>        (npm run backup -- <file>)',
    '',
    'Writes one plain-SQL file (gzip-compressed when <file> ends in .gz), readable by the owner only.',
    'With the server running its process takes the dump: one consistent snapshot, writes wait for',
    'the few seconds it takes. The file is written beside <file> first and renamed when complete.',
    'PostgreSQL (DATABASE_URL): use pg_dump instead (README, Backups). Exit 1 when it fails.',
  ].join('\n'),
  database: 'required',
  fileArguments: true,
  async run({ db, output }, args) {
    const file = oneFile(args.positional);
    if (db.kind !== 'pglite') {
      output.err('DATABASE_URL is set: back PostgreSQL up with pg_dump (README, Backups)');
      return EXIT.failed;
    }
    const started = Date.now();
    const [latest] = await db.query<{ id: string }>(
      'select id from schema_migrations order by id desc limit 1',
    );
    const sql = await db.dumpSql();
    const text = `${HEADER}, ${new Date().toISOString()}, schema ${latest?.id ?? 'none'}\n${sql}\n${FOOTER}\n`;
    const body = gzipped(file) ? zlib.gzipSync(text) : Buffer.from(text);
    const partial = `${file}.partial-${process.pid}`;
    try {
      // Owner-only: the file holds password hashes and wallet keys, like the database itself.
      fs.writeFileSync(partial, body, { mode: 0o600 });
      fs.renameSync(partial, file);
    } catch (error) {
      fs.rmSync(partial, { force: true });
      output.err(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return EXIT.failed;
    }
    output.out(
      `Backup written to ${file}: ${body.length} bytes, schema ${latest?.id ?? 'none'}, ${Date.now() - started} ms.`,
    );
    return EXIT.ok;
  },
};

function readBackup(file: string): string {
  const raw = fs.readFileSync(file);
  // gzip's magic bytes, whatever the file is called now.
  const text = (raw[0] === 0x1f && raw[1] === 0x8b ? zlib.gunzipSync(raw) : raw).toString('utf8');
  if (!text.startsWith(HEADER)) throw new Error(`${file} is not a Jiema backup`);
  if (!text.trimEnd().endsWith(FOOTER)) throw new Error(`${file} is incomplete (its end is missing)`);
  return text;
}

export const restore: Command = {
  name: 'restore',
  summary: 'restore a backup file into a new embedded-database directory',
  usage: [
    'jiema restore <file> --data-dir <new directory>        (npm run restore -- <file> --data-dir <dir>)',
    '',
    'Creates the database in <new directory> (which must not exist or be empty) from a file that',
    '`jiema backup` wrote; the running server and its DATA_DIR are not touched. Then stop the server,',
    'point DATA_DIR at the new directory and start it (it migrates a backup of an older version).',
    'Exit 1 when the file is not a complete backup or the directory is in use.',
  ].join('\n'),
  database: 'none',
  async run({ output }, args) {
    const file = oneFile(args.positional);
    const dataDir = textFlag(args, 'data-dir');
    if (dataDir === null) throw new UsageError('--data-dir is required');
    const target = path.resolve(dataDir);
    if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
      output.err(`${target} is not empty: restore into a new directory`);
      return EXIT.failed;
    }
    let sql: string;
    try {
      sql = readBackup(file);
    } catch (error) {
      output.err(error instanceof Error ? error.message : String(error));
      return EXIT.failed;
    }
    // Built beside the target and renamed when complete: a failed restore leaves no half database.
    const building = `${target}.restoring-${process.pid}`;
    fs.rmSync(building, { recursive: true, force: true });
    const lite = await PGlite.create(building);
    try {
      await lite.exec(sql);
      await lite.exec('RESET ALL');
      const applied = await lite.query<{ id: string }>('select id from schema_migrations order by id');
      const [counts] = (
        await lite.query<{ users: number; entries: number }>(
          'select (select count(*)::int from users) as users, (select count(*)::int from ledger_entries) as entries',
        )
      ).rows;
      await lite.close();
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(building, target);
      const latest = applied.rows.at(-1)?.id ?? 'none';
      const behind = MIGRATIONS.filter((m) => !applied.rows.some((r) => r.id === m.id)).length;
      output.out(
        `Restored into ${target}: schema ${latest}, ${counts?.users} users, ${counts?.entries} ledger entries.`,
      );
      if (behind > 0)
        output.out(`${behind} newer migration(s) will be applied when the server starts on it.`);
      output.out(`Start the server with DATA_DIR=${target}.`);
      return EXIT.ok;
    } catch (error) {
      if (!lite.closed) await lite.close().catch(() => undefined);
      fs.rmSync(building, { recursive: true, force: true });
      output.err(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
      return EXIT.failed;
    }
  },
};
