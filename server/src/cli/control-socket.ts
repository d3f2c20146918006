import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { EXIT } from './command-types';
import { runCommand } from './commands';

/**
 * The embedded database can be open in one process only: while the server runs, the CLI hands its
 * command to the server through this socket in DATA_DIR (owner-only, like the database files beside it)
 * and prints what comes back. One JSON line in (`{"argv": [...]}`), JSON lines out (`{"out"}`, `{"err"}`),
 * then `{"exit": code}`.
 */
export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'control.sock');

export async function startControlSocket(options: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(options.config.dataDir);
  // Left by a process that died: the database in this directory is ours now, so is the socket.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    const send = (message: object) => socket.write(`${JSON.stringify(message)}\n`);
    const lines = readline.createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      let argv: unknown;
      try {
        argv = (JSON.parse(line) as { argv?: unknown }).argv;
      } catch {
        argv = null;
      }
      if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) {
        send({ err: 'bad request on the control socket' });
        socket.end(`${JSON.stringify({ exit: EXIT.usage })}\n`);
        return;
      }
      options.log.info({ command: argv[0] }, 'command from the CLI');
      runCommand(argv, {
        db: options.db,
        config: options.config,
        output: { out: (text) => send({ out: text }), err: (text) => send({ err: text }) },
      })
        .catch((error) => {
          options.log.error({ err: error }, 'CLI command failed');
          send({ err: `failed: ${error instanceof Error ? error.message : String(error)}` });
          return EXIT.failed;
        })
        .then((exit) => socket.end(`${JSON.stringify({ exit })}\n`));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Sends a command line to a running server. Resolves null when no server listens (no socket, or one
 * left by a process that died): the CLI may then open the database itself.
 */
export function sendToServer(
  dataDir: string,
  argv: readonly string[],
  output: { out(line: string): void; err(line: string): void },
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(dataDir));
    let connected = false;
    let exit: number | null = null;
    socket.once('connect', () => {
      connected = true;
      // Read once connected: a reader on a socket that never connects would rethrow its error.
      readline.createInterface({ input: socket }).on('line', (line) => {
        const message = JSON.parse(line) as { out?: string; err?: string; exit?: number };
        if (message.out !== undefined) output.out(message.out);
        if (message.err !== undefined) output.err(message.err);
        if (message.exit !== undefined) exit = message.exit;
      });
      socket.write(`${JSON.stringify({ argv })}\n`);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.once('close', () => {
      if (connected) resolve(exit ?? EXIT.failed);
    });
  });
}
