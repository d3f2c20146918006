import { type LoginInput, type RegisterInput, ROLE, USER_TYPE } from '@jiema/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { batchPerTick } from '../../lib/batch-per-tick';
import { hashPassword, UNMATCHABLE_HASH, verifyPassword } from '../../lib/password';
import { newApiKey, newSessionToken, sha256 } from '../../lib/secrets';
import {
  addUserRole,
  countUsersRegisteredFromIp,
  emailExists,
  findUserByAccount,
  insertUser,
  recordLastLogin,
  usernameExists,
} from '../users/users.repository';
import { type AuthUser, toAuthUser } from './auth-user';
import type { CaptchaService } from './captcha.service';
import {
  countAttemptsFromIp,
  countPasswordFailures,
  insertLoginRecord,
  type LoginOutcome,
} from './login-records.repository';
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
  const record = (client: ClientInfo, account: string, outcome: LoginOutcome, userId: number | null = null) =>
    insertLoginRecord(db, { userId, account, ip: client.ip, userAgent: client.userAgent, outcome });

  async function enforceLoginLimits(account: string, client: ClientInfo) {
    const since = new Date(Date.now() - config.loginLimitWindowMs);
    const [fromIp, failures] = await Promise.all([
      countAttemptsFromIp(db, client.ip, since),
      countPasswordFailures(db, account, since),
    ]);
    const limited =
      fromIp.count >= config.loginLimitPerIp
        ? fromIp
        : failures.count >= config.loginLimitPerAccount
          ? failures
          : null;
    if (limited) {
      await record(client, account, 'rate_limited');
      throw new AppError('RATE_LIMITED', {
        seconds: retryAfterSeconds(limited.oldest, config.loginLimitWindowMs),
      });
    }
  }

  return {
    async login(input: LoginInput, client: ClientInfo) {
      await enforceLoginLimits(input.username, client);
      try {
        await captcha.verify(input.captchaKey, input.captchaCode);
      } catch (error) {
        await record(client, input.username, 'captcha');
        throw error;
      }
      const user = await findUserByAccount(db, input.username);
      const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? UNMATCHABLE_HASH);
      if (!user || !passwordOk) {
        await record(client, input.username, user ? 'bad_password' : 'unknown_account', user?.id ?? null);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (!user.enabled) {
        await record(client, input.username, 'disabled', user.id);
        throw new AppError('ACCOUNT_DISABLED');
      }
      const token = newSessionToken();
      const expiresAt = new Date(Date.now() + config.sessionTtlMs);
      await db.transaction(async (tx) => {
        await insertSession(tx, { userId: user.id, tokenHash: sha256(token), expiresAt, ...client });
        await recordLastLogin(tx, user.id, client.ip);
        await insertLoginRecord(tx, {
          userId: user.id,
          account: input.username,
          ...client,
          outcome: 'success',
        });
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    async register(input: RegisterInput, client: ClientInfo) {
      const since = new Date(Date.now() - config.registerLimitWindowMs);
      if ((await countUsersRegisteredFromIp(db, client.ip, since)) >= config.registerLimitPerIp) {
        throw new AppError('RATE_LIMITED', { seconds: Math.ceil(config.registerLimitWindowMs / 1000) });
      }
      await captcha.verify(input.captchaKey, input.captchaCode);
      if (
        input.username.toLowerCase() === config.adminUsername.toLowerCase() ||
        (await usernameExists(db, input.username))
      ) {
        throw new AppError('USERNAME_TAKEN');
      }
      if (await emailExists(db, input.email)) throw new AppError('EMAIL_TAKEN');
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      try {
        const userId = await db.transaction(async (tx) => {
          const id = await insertUser(tx, {
            username: input.username,
            email: input.email,
            passwordHash,
            userType: USER_TYPE.CUSTOMER,
            apiKey: newApiKey(),
            registerIp: client.ip,
          });
          await addUserRole(tx, id, ROLE.CUSTOMER);
          return id;
        });
        return { userId, username: input.username };
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
