import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6; // spec §5, §9
export const PASSWORD_MAX_LENGTH = 64;
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,31}$/;

const password = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax');

const newPassword = z
  .string({ error: 'validation.newPasswordRequired' })
  .min(1, 'validation.newPasswordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax');

/** A password chosen at sign-up: the change-password form's rules, its own wording ("password", not "new password"). */
const chosenPassword = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax');

export const ZEmail = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(128, 'validation.emailFormat')
  .pipe(z.email('validation.emailFormat'));

const captcha = {
  captchaKey: z.string().max(600).optional(),
  captchaCode: z.string().trim().max(16).optional(),
};

export const ZLoginInput = z.object({
  username: z
    .string({ error: 'validation.accountRequired' })
    .trim()
    .min(1, 'validation.accountRequired')
    .max(128, 'validation.accountTooLong'),
  password,
  ...captcha,
});
export type LoginInput = z.infer<typeof ZLoginInput>;

export const ZRegisterInput = z
  .object({
    username: z
      .string({ error: 'validation.usernameRequired' })
      .trim()
      .min(1, 'validation.usernameRequired')
      .regex(USERNAME_PATTERN, 'validation.usernameFormat'),
    email: ZEmail,
    password: chosenPassword,
    confirmPassword: z.string().optional(),
    ...captcha,
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof ZRegisterInput>;

export const ZChangePasswordInput = z
  .object({
    oldPassword: z
      .string({ error: 'validation.oldPasswordRequired' })
      .min(1, 'validation.oldPasswordRequired')
      .max(128),
    newPassword,
    confirmPassword: z
      .string({ error: 'validation.confirmPasswordRequired' })
      .min(1, 'validation.confirmPasswordRequired'),
  })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.oldPassword, {
    message: 'validation.passwordSameAsOld',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

/**
 * A proof-of-work challenge (ALTCHA v1): find the number n in [0, maxNumber] with
 * hex(SHA-256(salt + n)) = challenge, then send `key` as captchaKey and n as captchaCode.
 */
export const ZCaptcha = z.object({
  key: z.string(),
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  salt: z.string(),
  maxNumber: z.number(),
  expiresInSeconds: z.number(),
  /** False when the server runs with CAPTCHA=off: the form may hide the field. */
  enabled: z.boolean(),
});
export type Captcha = z.infer<typeof ZCaptcha>;

export const ZLoginResult = z.object({
  token: z.string(),
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof ZLoginResult>;

/** A registration signs the new customer in: the account and its first session. */
export const ZRegisterResult = ZLoginResult.extend({ userId: z.number(), username: z.string() });
export type RegisterResult = z.infer<typeof ZRegisterResult>;
