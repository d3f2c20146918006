import type { Config } from '../config';
import type { Db } from '../db/client';

/** Exit codes of every command: scripts tell a refusal from a failure. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** What a command writes: lines for a person on stdout, problems on stderr. */
export type Output = { out(line: string): void; err(line: string): void };

export type CommandContext = { db: Db; config: Config; output: Output };

export type Command = {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The rest of `--help`: usage and options. */
  usage: string;
  /** Commands that must not run inside a live server (restore), or need no database at all. */
  database: 'required' | 'none';
  /** Its positional arguments are files: made absolute before the command is forwarded to the server. */
  fileArguments?: boolean;
  run(context: CommandContext, args: ParsedArgs): Promise<number>;
};

export type ParsedArgs = { positional: string[]; flags: Map<string, string | true> };

/** `a b --x 1 --y --z=2` → positional [a, b], flags {x: 1, y: true, z: 2}. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) flags.set(name, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags.set(name, argv[++i]!);
    else flags.set(name, true);
  }
  return { positional, flags };
}

/** A flag's text value, or null when absent; `--flag` without a value is a usage error. */
export function textFlag(args: ParsedArgs, name: string): string | null {
  const value = args.flags.get(name);
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value ?? null;
}

export class UsageError extends Error {}
