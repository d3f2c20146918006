import type {
  EmailVerificationConfirm,
  MailSent,
  PasswordResetConfirm,
  PasswordResetRequest,
} from '@jiema/shared';
import { request } from '../../../lib/http';

export const requestPasswordReset = (data: PasswordResetRequest) =>
  request<MailSent>({ url: '/api/auth/password-reset', method: 'POST', data });

export const confirmPasswordReset = (data: PasswordResetConfirm) =>
  request<{ revokedSessions: number }>({ url: '/api/auth/password-reset/confirm', method: 'POST', data });

export const confirmEmailVerification = (data: EmailVerificationConfirm) =>
  request<null>({ url: '/api/auth/email-verification/confirm', method: 'POST', data });
