import {
  envelopeOf,
  ZEmailVerificationConfirm,
  ZMailSent,
  ZMailStatus,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { clientIp } from '../../lib/client-ip';
import { ok } from '../../lib/reply';
import type { AccountMailService } from './account-mail.service';

const tags = ['auth'];

/** Password reset by email link and email verification (README "Mail"); off without SMTP_URL. */
export function registerAccountMailRoutes(app: App, { accountMail }: { accountMail: AccountMailService }) {
  app.get(
    '/api/auth/mail',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Whether this site sends mail (password reset and email verification links)',
        security: [],
        response: { 200: envelopeOf(ZMailStatus) },
      },
    },
    async (request) => ok(request, accountMail.status()),
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary:
          'Mail a password reset link to the address, if it belongs to an account; the answer is the same either way',
        security: [],
        body: ZPasswordResetRequest,
        response: { 200: envelopeOf(ZMailSent) },
      },
    },
    async (request) =>
      ok(request, await accountMail.requestPasswordReset(request.body, clientIp(request), request.locale)),
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Set a new password with the link from the mail; every session of the account ends',
        security: [],
        body: ZPasswordResetConfirm,
        response: { 200: envelopeOf(z.object({ revokedSessions: z.number() })) },
      },
    },
    async (request) => ok(request, await accountMail.confirmPasswordReset(request.body)),
  );

  app.post(
    '/api/user/email-verification',
    {
      config: { permission: 'user:profile' },
      schema: {
        tags: ['profile'],
        summary: 'Mail a verification link to your email',
        response: { 200: envelopeOf(ZMailSent) },
      },
    },
    async (request) => ok(request, await accountMail.requestEmailVerification(request.user!, request.locale)),
  );

  app.post(
    '/api/auth/email-verification/confirm',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Confirm your email with the link from the mail',
        security: [],
        body: ZEmailVerificationConfirm,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await accountMail.confirmEmailVerification(request.body);
      return ok(request, null);
    },
  );
}
