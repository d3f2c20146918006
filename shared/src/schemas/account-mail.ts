import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ZEmail } from './auth';

/** Whether the server can send mail; without it the login page says to ask an administrator. */
export const ZMailStatus = z.object({ enabled: z.boolean(), resetLinkMinutes: z.number() });
export type MailStatus = z.infer<typeof ZMailStatus>;

const mailToken = z
  .string({ error: 'validation.mailTokenFormat' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{32,64}$/, 'validation.mailTokenFormat');

export const ZPasswordResetRequest = z.object({
  email: ZEmail,
  captchaKey: z.string().max(600).optional(),
  captchaCode: z.string().trim().max(16).optional(),
});
export type PasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

export const ZPasswordResetConfirm = z
  .object({
    token: mailToken,
    newPassword: z
      .string({ error: 'validation.newPasswordRequired' })
      .min(1, 'validation.newPasswordRequired')
      .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
      .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax'),
    confirmPassword: z
      .string({ error: 'validation.confirmPasswordRequired' })
      .min(1, 'validation.confirmPasswordRequired'),
  })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export type PasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;

export const ZEmailVerificationConfirm = z.object({ token: mailToken });
export type EmailVerificationConfirm = z.infer<typeof ZEmailVerificationConfirm>;

/** What a mail request answers: the same whether or not the address belongs to an account. */
export const ZMailSent = z.object({ sentTo: z.string() });
export type MailSent = z.infer<typeof ZMailSent>;
