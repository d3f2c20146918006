import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type LoginInput, type RegisterInput, ROLE, USER_TYPE } from '@jiema/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { batchPerTick } from '../../lib/batch-per-tick';
import { hashPassword, verifyPassword } from '../../lib/password';
import { newApiKey, newSessionToken, sha256 } from '../../lib/secrets';
import {
  addUserRole,
  emailExists,
  findUserByAccount,
  insertUser,
  recordLastLogin,
  usernameExists,
} from '../users/users.repository';
import { type AuthUser, toAuthUser } from './auth-user';
import type { CaptchaService } from './captcha.service';
import {
  claimAccountCheck,
  claimIpAttempt,
  finishLoginRecord,
  type LoginAttempt,
  type LoginOutcome,
} from './login-records.repository';
import { claimRegistration, countRegistrationsFromIp } from './registrations.repository';
import type { SessionCache } from './session-cache';
import {
  findSessionsByTokenHashes,
  insertSession,
  revokeSession,
  type SessionLookup,
} from './sessions.repository';

export type ClientInfo = { ip: string; userAgent: string };
export type AuthService = ReturnType<typeof createAuthService>;

/** Seconds until the oldest counted attempt leaves the window: how long a refused caller must wait. */
function retryAfterSeconds(oldest: Date | null, windowMs: number): number {
  const until = (oldest?.getTime() ?? Date.now()) + windowMs;
  return Math.max(1, Math.ceil((until - Date.now()) / 1000));
}

/**
 * The account lock policy (README "Login protection"): the first LOGIN_LIMIT_PER_ACCOUNT failures in
 * the window cost nothing; each further one makes the next check of that account wait longer
 * (base, 2×base, 4×base, … up to the cap). The right password is never refused, only slowed, so a
 * stranger guessing cannot lock the owner out; every attempt also costs its sender a fresh
 * proof-of-work captcha and counts against the per-IP limit.
 */
export function slowdownMs(failures: number, config: Config): number {
  const over = failures - config.loginLimitPerAccount;
  if (over < 0) return 0;
  return Math.min(config.loginSlowdownBaseMs * 2 ** Math.min(over, 30), config.loginSlowdownMaxMs);
}

export function createAuthService({
  db,
  config,
  captcha,
  sessions,
}: {
  db: Db;
  config: Config;
  captcha: CaptchaService;
  /** Keeps lookups in memory while they are exact (session-cache.ts). */
  sessions: SessionCache;
}) {
  // Concurrent requests share one session query; each still sees every revocation made before it arrived.
  const authUsers = new WeakMap<SessionLookup, AuthUser>();
  const findSession = batchPerTick((tokenHashes: string[]) => findSessionsByTokenHashes(db, tokenHashes));
  // Checked when the account does not exist: a real hash of the same cost, so both paths take as long.
  let dummyHash: Promise<string> | undefined;
  const unmatchableHash = () =>
    (dummyHash ??= hashPassword(randomBytes(16).toString('hex'), config.passwordHashCost));

  return {
    async login(input: LoginInput, client: ClientInfo) {
      const user = await findUserByAccount(db, input.username);
      const attempt: LoginAttempt = {
        userId: user?.id ?? null,
        account: input.username,
        accountKey: user ? `user:${user.id}` : `name:${input.username.toLowerCase()}`,
        ...client,
      };
      const windowStart = new Date(Date.now() - config.loginLimitWindowMs);
      // 1. Counted against the IP before anything is checked: exact whatever arrives at once.
      const claimed = await claimIpAttempt(db, attempt, {
        since: windowStart,
        limit: config.loginLimitPerIp,
      });
      if ('refused' in claimed) {
        throw new AppError('RATE_LIMITED', {
          seconds: retryAfterSeconds(claimed.refused.oldest, config.loginLimitWindowMs),
        });
      }
      const finish = (outcome: LoginOutcome) => finishLoginRecord(db, claimed.id, outcome);
      try {
        await captcha.verify(input.captchaKey, input.captchaCode);
      } catch (error) {
        await finish('captcha');
        throw error;
      }
      // 2. Counted against the account (username and email alike) before the password is checked.
      const turn = await claimAccountCheck(db, {
        id: claimed.id,
        accountKey: attempt.accountKey,
        ip: attempt.ip,
        since: windowStart,
        knownSince: new Date(Date.now() - config.loginKnownIpDays * 86_400_000),
        maxWaitMs: config.loginQueueMaxMs,
        delayFor: (failures) => slowdownMs(failures, config),
      });
      if ('refusedForMs' in turn)
        throw new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(turn.refusedForMs / 1000)) });
      if (turn.waitMs > 0) await sleep(turn.waitMs);
      const passwordOk = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await unmatchableHash()),
      );
      if (!user || !passwordOk) {
        await finish(user ? 'bad_password' : 'unknown_account');
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (!user.enabled) {
        await finish('disabled');
        throw new AppError('ACCOUNT_DISABLED');
      }
      const token = newSessionToken();
      const expiresAt = new Date(Date.now() + config.sessionTtlMs);
      await db.transaction(async (tx) => {
        await insertSession(tx, { userId: user.id, tokenHash: sha256(token), expiresAt, ...client });
        await recordLastLogin(tx, user.id, client.ip);
        await finishLoginRecord(tx, claimed.id, 'success');
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    async register(input: RegisterInput, client: ClientInfo) {
      const since = new Date(Date.now() - config.registerLimitWindowMs);
      const refuse = (oldest: Date | null) =>
        new AppError('RATE_LIMITED', { seconds: retryAfterSeconds(oldest, config.registerLimitWindowMs) });
      // A cheap early answer; the exact check is the locked one at the insert below.
      const early = await countRegistrationsFromIp(db, client.ip, since);
      if (early.count >= config.registerLimitPerIp) throw refuse(early.oldest);
      await captcha.verify(input.captchaKey, input.captchaCode);
      if (
        input.username.toLowerCase() === config.adminUsername.toLowerCase() ||
        (await usernameExists(db, input.username))
      ) {
        throw new AppError('USERNAME_TAKEN');
      }
      if (await emailExists(db, input.email)) throw new AppError('EMAIL_TAKEN');
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      // The new customer is signed in at once (no typing the password again): the session is part of
      // the registration's transaction, so there is never an account without it or the other way round.
      const token = newSessionToken();
      const expiresAt = new Date(Date.now() + config.sessionTtlMs);
      try {
        const userId = await db.transaction(async (tx) => {
          // Registrations from one IP take turns here (every process): the count is exact under any burst.
          const fromIp = await claimRegistration(tx, client.ip, since);
          if (fromIp.count >= config.registerLimitPerIp) throw refuse(fromIp.oldest);
          const id = await insertUser(tx, {
            username: input.username,
            email: input.email,
            passwordHash,
            userType: USER_TYPE.CUSTOMER,
            apiKey: newApiKey(),
            registerIp: client.ip,
          });
          await addUserRole(tx, id, ROLE.CUSTOMER);
          await insertSession(tx, { userId: id, tokenHash: sha256(token), expiresAt, ...client });
          await recordLastLogin(tx, id, client.ip);
          return id;
        });
        return { userId, username: input.username, token, expiresAt: expiresAt.toISOString() };
      } catch (error) {
        // Two registrations racing for one name: the unique index decides, the loser gets the clear message.
        if ((error as { code?: string }).code === '23505') {
          const detail = String(
            (error as { constraint?: string; message?: string }).constraint ?? (error as Error).message,
          );
          throw new AppError(detail.includes('email') ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN');
        }
        throw error;
      }
    },

    async logout(user: AuthUser | null) {
      if (user) await revokeSession(db, user.sessionId);
    },

    /** Resolves a bearer token to its user; distinguishes expired sessions from unknown or revoked ones. */
    async authenticate(token: string): Promise<AuthUser> {
      const hash = sha256(token);
      const found = await sessions.lookup(hash, () => findSession(hash));
      if (!found || found.revokedAt || !found.user.enabled) throw new AppError('TOKEN_INVALID');
      if (found.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
      // A lookup served from the session cache is the same object each time: derive its user once.
      let user = authUsers.get(found);
      if (!user) {
        user = toAuthUser(found.user, found.sessionId, config.adminUsername);
        authUsers.set(found, user);
      }
      return user;
    },
  };
}
