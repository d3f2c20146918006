import { backup, restore } from './backup-commands';
import { type Command, type CommandContext, EXIT, parseArgs, UsageError } from './command-types';
import { reconcile, showConfig } from './ops-commands';
import { createAdmin, resetPassword, unlock } from './user-commands';

export const COMMANDS: readonly Command[] = [
  resetPassword,
  unlock,
  createAdmin,
  showConfig,
  reconcile,
  backup,
  restore,
];

export const commandNamed = (name: string | undefined) => COMMANDS.find((c) => c.name === name);

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: jiema <command> [options]   (or: npm run cli -- <command> [options])',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "`jiema <command> --help` shows a command's options. Exit codes: 0 done, 1 failed, 2 wrong usage.",
    'It reads the same environment as the server (DATABASE_URL or DATA_DIR, …). With the embedded',
    'database and the server running, commands are carried out by the server (its DATA_DIR/control.sock).',
  ].join('\n');
}

/** Runs one command line against a database: the CLI's own, or the server's when it forwards one. */
export async function runCommand(argv: readonly string[], context: CommandContext): Promise<number> {
  const command = commandNamed(argv[0]);
  if (!command) {
    context.output.err(`unknown command "${argv[0] ?? ''}"\n\n${helpText()}`);
    return EXIT.usage;
  }
  const args = parseArgs(argv.slice(1));
  if (args.flags.has('help')) {
    context.output.out(`${command.summary}\n\nUsage: ${command.usage}`);
    return EXIT.ok;
  }
  try {
    return await command.run(context, args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    context.output.err(`${error.message}\nUsage: ${command.usage}`);
    return EXIT.usage;
  }
}
