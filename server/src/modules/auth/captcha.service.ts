import svgCaptcha from 'svg-captcha';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newCaptchaKey } from '../../lib/secrets';
import { consumeCaptcha, deleteExpiredCaptchas, insertCaptcha } from './captcha.repository';

export type CaptchaService = ReturnType<typeof createCaptchaService>;

export function createCaptchaService({ db, config }: { db: Db; config: Config }) {
  return {
    /** A new image captcha; its answer is stored server-side, keyed by a random key. */
    async issue() {
      const { data, text } = svgCaptcha.create({
        size: 4,
        noise: 2,
        ignoreChars: '0oO1iIlL',
        color: true,
        background: '#f5f7fa',
        width: 120,
        height: 40,
      });
      const key = newCaptchaKey();
      await deleteExpiredCaptchas(db);
      await insertCaptcha(db, key, text.toLowerCase(), new Date(Date.now() + config.captchaTtlMs));
      return {
        key,
        image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
        expiresInSeconds: Math.round(config.captchaTtlMs / 1000),
        enabled: config.captchaEnabled,
      };
    },

    /** Throws CAPTCHA_INVALID unless the answer is right; with CAPTCHA=off every answer passes. */
    async verify(key: string | undefined, answer: string | undefined): Promise<void> {
      if (!config.captchaEnabled) return;
      if (!key || !answer) throw new AppError('CAPTCHA_INVALID');
      const expected = await consumeCaptcha(db, key);
      if (expected === null || expected !== answer.trim().toLowerCase())
        throw new AppError('CAPTCHA_INVALID');
    },
  };
}
