import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { createDb, type Db } from '../db/client';
import { MIGRATIONS } from '../db/migrations';
import { type Command, EXIT, type Output } from './command-types';
import { commandNamed, helpText, runCommand } from './commands';
import { sendToServer } from './control-socket';

/** Flags naming files: made absolute here, since a forwarded command runs in the server's directory. */
const PATH_FLAGS = new Set<string>(['--data-dir']);

const output: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** For commands that use no database: touching it is a bug, said plainly. */
const NO_DATABASE = new Proxy({} as Db, {
  get() {
    throw new Error('this command uses no database');
  },
});

function absolutePaths(argv: string[], command: Command): string[] {
  return argv.map((arg, i) => {
    if (i === 0) return arg;
    const afterFlag = argv[i - 1]!.startsWith('--');
    if (afterFlag) return PATH_FLAGS.has(argv[i - 1]!) ? path.resolve(arg) : arg;
    return command.fileArguments && !arg.startsWith('--') ? path.resolve(arg) : arg;
  });
}

async function openDatabase(config: ReturnType<typeof loadConfig>): Promise<Db | string> {
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    return `no embedded database in DATA_DIR=${path.resolve(config.dataDir)} (start the server once, or set DATABASE_URL)`;
  }
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const applied = await db.query<{ id: string }>('select id from schema_migrations').catch(() => []);
  const done = new Set(applied.map((r) => r.id));
  if (MIGRATIONS.some((m) => !done.has(m.id))) {
    await db.close();
    return 'the database is not at this version: start the server once to migrate it';
  }
  return db;
}

async function main(argv: string[]): Promise<number> {
  const [name] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? output.err : output.out)(helpText());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = commandNamed(name);
  if (!command || argv.includes('--help'))
    return runCommand(argv, { db: NO_DATABASE, config: null!, output });

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.err(error.message);
    return EXIT.usage;
  }
  if (command.database === 'none') return runCommand(argv, { db: NO_DATABASE, config, output });

  const line = absolutePaths(argv, command);
  if (!config.databaseUrl) {
    const forwarded = await sendToServer(config.dataDir, line, output);
    if (forwarded !== null) return forwarded;
  }
  const db = await openDatabase(config);
  if (typeof db === 'string') {
    output.err(db);
    return EXIT.failed;
  }
  try {
    return await runCommand(line, { db, config, output });
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    output.err(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = EXIT.failed;
  },
);
