import { z } from 'zod';
import type { Queryable } from '../db/client';
import { hashPassword } from '../lib/password';
import { newReadablePassword } from '../lib/secrets';
import { insertAuditLog } from '../modules/audit/audit.repository';
import { revokeUserSessions } from '../modules/auth/sessions.repository';
import { createAdministrator } from '../modules/users/create-administrator';
import { updatePasswordHash, usernameExists } from '../modules/users/users.repository';
import { type Command, EXIT, textFlag, UsageError } from './command-types';

/** Audit rows of the CLI name it as the actor: whoever has shell access to the server. */
const cliAudit = (q: Queryable, action: string, userId: number, after: unknown) =>
  insertAuditLog(q, {
    actorId: null,
    actorName: 'cli',
    action,
    entity: 'user',
    entityId: String(userId),
    before: null,
    after,
    ip: 'local',
  });

async function findUser(q: Queryable, username: string) {
  const [user] = await q.query<{ id: number; username: string; user_type: number }>(
    'select id, username, user_type from users where lower(username) = lower($1)',
    [username],
  );
  return user ?? null;
}

const ZPassword = z.string().min(6, 'at least 6 characters').max(64, 'at most 64 characters');
const ZUsername = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{2,31}$/, '3-32 letters, digits or _, starting with a letter');

function valid<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${what}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

function oneUsername(positional: string[]) {
  if (positional.length !== 1) throw new UsageError('give exactly one username');
  return positional[0]!;
}

export const resetPassword: Command = {
  name: 'reset-password',
  summary: "set a user's password (a new one is generated and printed once) and end their sessions",
  usage: 'jiema reset-password <username> [--password <new password>]',
  database: 'required',
  async run({ db, config, output }, args) {
    const username = oneUsername(args.positional);
    const typed = textFlag(args, 'password');
    const password = typed === null ? newReadablePassword(16) : valid(ZPassword, typed, '--password');
    const user = await findUser(db, username);
    if (!user) {
      output.err(`no user named "${username}"`);
      return EXIT.failed;
    }
    const passwordHash = await hashPassword(password, config.passwordHashCost);
    const revoked = await db.transaction(async (tx) => {
      await updatePasswordHash(tx, user.id, passwordHash);
      const count = await revokeUserSessions(tx, user.id);
      await cliAudit(tx, 'reset-password', user.id, { revokedSessions: count });
      return count;
    });
    output.out(`Password of "${user.username}" reset; ${revoked} session(s) ended.`);
    // Shown once: it is stored only as a hash.
    if (typed === null) output.out(`New password: ${password}`);
    return EXIT.ok;
  },
};

export const unlock: Command = {
  name: 'unlock',
  summary: "forget an account's recent failed logins, so the login slowdown stops at once",
  usage: 'jiema unlock <username>',
  database: 'required',
  async run({ db, config, output }, args) {
    const username = oneUsername(args.positional);
    const user = await findUser(db, username);
    if (!user) {
      output.err(`no user named "${username}"`);
      return EXIT.failed;
    }
    const cleared = await db.transaction(async (tx) => {
      // The records stay for the login analysis (still failures); they just stop counting.
      const rows = await tx.query(
        `update login_records set reason = 'cleared'
          where account_key = $1 and created_at > now() - make_interval(secs => $2)
            and reason in ('bad_password', 'unknown_account', 'checking') returning id`,
        [`user:${user.id}`, config.loginLimitWindowMs / 1000],
      );
      await cliAudit(tx, 'unlock', user.id, { clearedFailures: rows.length });
      return rows.length;
    });
    output.out(`"${user.username}" unlocked: ${cleared} recent failed login(s) no longer count.`);
    return EXIT.ok;
  },
};

export const createAdmin: Command = {
  name: 'create-admin',
  summary: 'create an administrator (a password is generated and printed once unless given)',
  usage: 'jiema create-admin <username> --email <address> [--password <password>]',
  database: 'required',
  async run({ db, config, output }, args) {
    const username = valid(ZUsername, oneUsername(args.positional), 'username');
    const email = valid(z.email('not an email address'), textFlag(args, 'email'), '--email');
    const typed = textFlag(args, 'password');
    const password = typed === null ? newReadablePassword(16) : valid(ZPassword, typed, '--password');
    if (await usernameExists(db, username)) {
      output.err(`a user named "${username}" exists already`);
      return EXIT.failed;
    }
    const id = await createAdministrator(db, { username, email, password }, config.passwordHashCost);
    await cliAudit(db, 'create-admin', id, { username, email });
    output.out(`Administrator "${username}" created (id ${id}).`);
    if (typed === null) output.out(`Password: ${password}`);
    return EXIT.ok;
  },
};
