import { randomBytes } from 'node:crypto';
import type { Captcha } from '@jiema/shared';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { countInWindow } from '../../lib/rate-counter';
import { loadOrCreateSecret, markChallengeUsed } from './captcha.repository';

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/** What the client sends back as `captchaKey`: the challenge as issued (ALTCHA v1), base64url JSON. */
const ZChallengeKey = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  salt: z.string().min(1).max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

const encodeKey = (key: z.infer<typeof ZChallengeKey>) =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeKey(key: string): z.infer<typeof ZChallengeKey> | null {
  try {
    const parsed = ZChallengeKey.safeParse(JSON.parse(Buffer.from(key, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const CAPTCHA_WINDOW_SECONDS = 60;

/**
 * A proof-of-work captcha (ALTCHA v1, `altcha-lib`): the server picks a secret number below
 * CAPTCHA_POW_MAX_NUMBER and sends SHA-256(salt + number); the browser finds the number by trying
 * (about a second), a script has to pay the same work for every attempt. Challenges are stateless
 * (HMAC-signed, the expiry inside the signed salt), so issuing writes nothing but a per-IP counter;
 * a solved challenge is remembered until it expires, so each one opens one attempt only.
 */
export function createCaptchaService({ db, config }: { db: Db; config: Config }) {
  let secret: Promise<string> | undefined;
  const hmacKey = () => {
    secret ??= loadOrCreateSecret(db, 'captcha_hmac', randomBytes(32).toString('hex')).catch((error) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };

  return {
    /** A new challenge; refused with 429 past CAPTCHA_LIMIT_PER_IP a minute from one address. */
    async issue(ip: string): Promise<Captcha> {
      if (config.captchaEnabled) {
        const used = await countInWindow(db, `captcha-ip:${ip}`, CAPTCHA_WINDOW_SECONDS);
        if (used.count > config.captchaLimitPerIp)
          throw new AppError('RATE_LIMITED', { seconds: used.resetsInSeconds });
      }
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        hmacKey: await hmacKey(),
        maxnumber: config.captchaPowMaxNumber,
        expires: new Date(Date.now() + config.captchaTtlMs),
      });
      return {
        key: encodeKey({
          algorithm: 'SHA-256',
          challenge: challenge.challenge,
          salt: challenge.salt,
          signature: challenge.signature,
        }),
        algorithm: 'SHA-256',
        challenge: challenge.challenge,
        salt: challenge.salt,
        maxNumber: config.captchaPowMaxNumber,
        expiresInSeconds: Math.round(config.captchaTtlMs / 1000),
        enabled: config.captchaEnabled,
      };
    },

    /** Throws CAPTCHA_INVALID unless `answer` solves the unexpired, unused challenge `key`; with CAPTCHA=off every answer passes. */
    async verify(key: string | undefined, answer: string | undefined): Promise<void> {
      if (!config.captchaEnabled) return;
      const issued = key ? decodeKey(key) : null;
      const number = answer?.trim() ?? '';
      if (!issued || !/^\d{1,9}$/.test(number)) throw new AppError('CAPTCHA_INVALID');
      const expires = Number(extractParams(issued).expires);
      if (!Number.isInteger(expires)) throw new AppError('CAPTCHA_INVALID');
      const solved = await verifySolution({ ...issued, number: Number(number) }, await hmacKey(), true);
      if (!solved || !(await markChallengeUsed(db, issued.signature, new Date(expires * 1000))))
        throw new AppError('CAPTCHA_INVALID');
    },
  };
}
