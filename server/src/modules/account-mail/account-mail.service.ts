import type {
  EmailVerificationConfirm,
  Locale,
  PasswordResetConfirm,
  PasswordResetRequest,
} from '@jiema/shared';
import type { MailConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { countInWindow } from '../../lib/rate-counter';
import { newSessionToken, sha256 } from '../../lib/secrets';
import type { AuthUser } from '../auth/auth-user';
import type { CaptchaService } from '../auth/captcha.service';
import { revokeUserSessions } from '../auth/sessions.repository';
import { updatePasswordHash } from '../users/users.repository';
import {
  consumeEmailToken,
  type EmailTokenPurpose,
  findUserForMail,
  insertEmailToken,
  isEmailTokenLive,
  markEmailVerified,
  retireEmailTokens,
} from './email-tokens.repository';
import { linkMail } from './mail-texts';

export type AccountMailService = ReturnType<typeof createAccountMailService>;

const HOUR_SECONDS = 3600;

export function createAccountMailService({
  db,
  mail,
  mailer,
  captcha,
  passwordHashCost,
  logError,
}: {
  db: Db;
  mail: MailConfig;
  mailer: Mailer;
  captcha: CaptchaService;
  passwordHashCost: number;
  logError: (error: unknown, what: string) => void;
}) {
  const requireMail = () => {
    if (!mailer.enabled) throw new AppError('MAIL_NOT_CONFIGURED');
  };

  /** Counts one mail against a key's hourly allowance; true while within it. */
  const withinLimit = async (key: string) =>
    (await countInWindow(db, key, HOUR_SECONDS)).count <= mail.limitPerHour;

  /** Stores a new single-use link for the user and returns it; only the token's hash is kept. */
  const newLink = async (user: { id: number; email: string }, purpose: EmailTokenPurpose, path: string) => {
    const token = newSessionToken();
    const ttlMs = purpose === 'password_reset' ? mail.passwordResetTtlMs : mail.emailVerifyTtlMs;
    await insertEmailToken(db, {
      userId: user.id,
      purpose,
      tokenHash: sha256(token),
      email: user.email,
      ttlMs,
    });
    return { link: `${mail.publicUrl}${path}?token=${token}`, ttlMs };
  };

  return {
    status: () => ({
      enabled: mailer.enabled,
      resetLinkMinutes: Math.round(mail.passwordResetTtlMs / 60_000),
    }),

    /**
     * Answers the same, at the same speed, whether or not the address has an account: the mail is
     * sent after the answer, and an account over its hourly allowance silently gets no more mail
     * (a 429 there would tell a stranger the address is registered). The per-IP allowance may say 429.
     */
    async requestPasswordReset(input: PasswordResetRequest, ip: string, locale: Locale) {
      requireMail();
      await captcha.verify(input.captchaKey, input.captchaCode);
      const ipCount = await countInWindow(db, `mail:ip:${ip}`, HOUR_SECONDS);
      if (ipCount.count > mail.limitPerHour * 4)
        throw new AppError('RATE_LIMITED', { seconds: ipCount.resetsInSeconds });
      const user = await findUserForMail(db, input.email);
      if (user?.enabled && (await withinLimit(`mail:user:${user.id}`))) {
        const { link, ttlMs } = await newLink(user, 'password_reset', '/reset-password');
        mailer
          .send(linkMail('password_reset', locale, user, link, ttlMs))
          .catch((error) => logError(error, 'password reset mail'));
      }
      return { sentTo: input.email };
    },

    /** The link's user gets the new password; every session of theirs ends; the link and its siblings die. */
    async confirmPasswordReset(input: PasswordResetConfirm) {
      const tokenHash = sha256(input.token);
      // Hash the password (deliberately slow) only for a link that exists, so bad links cost nothing.
      if (!(await isEmailTokenLive(db, tokenHash, 'password_reset'))) throw new AppError('MAIL_LINK_INVALID');
      const passwordHash = await hashPassword(input.newPassword, passwordHashCost);
      return db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, 'password_reset', tokenHash);
        if (!used) throw new AppError('MAIL_LINK_INVALID');
        await updatePasswordHash(tx, used.userId, passwordHash);
        await retireEmailTokens(tx, used.userId, 'password_reset');
        // The link reached the mailbox, which proves the address as well as a verification link would.
        await markEmailVerified(tx, used.userId);
        const revokedSessions = await revokeUserSessions(tx, used.userId);
        return { revokedSessions };
      });
    },

    /** Sends a verification link to the signed-in user's email and waits for the SMTP server's answer. */
    async requestEmailVerification(user: AuthUser, locale: Locale) {
      requireMail();
      if (user.record.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
      const used = await countInWindow(db, `mail:user:${user.record.id}`, HOUR_SECONDS);
      if (used.count > mail.limitPerHour)
        throw new AppError('RATE_LIMITED', { seconds: used.resetsInSeconds });
      const to = { id: user.record.id, email: user.record.email };
      const { link, ttlMs } = await newLink(to, 'email_verify', '/verify-email');
      try {
        await mailer.send(
          linkMail('email_verify', locale, { email: to.email, username: user.record.username }, link, ttlMs),
        );
      } catch (error) {
        logError(error, 'verification mail');
        throw new AppError('MAIL_SEND_FAILED');
      }
      return { sentTo: to.email };
    },

    async confirmEmailVerification(input: EmailVerificationConfirm) {
      await db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, 'email_verify', sha256(input.token));
        if (!used) throw new AppError('MAIL_LINK_INVALID');
        await retireEmailTokens(tx, used.userId, 'email_verify');
        await markEmailVerified(tx, used.userId);
      });
    },
  };
}
