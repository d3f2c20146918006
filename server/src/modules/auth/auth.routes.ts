import {
  envelopeOf,
  ZCaptcha,
  ZCurrentUser,
  ZLoginInput,
  ZLoginResult,
  ZRegisterInput,
  ZRegisterResult,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { clientIp } from '../../lib/client-ip';
import { ok, okShared } from '../../lib/reply';
import type { AuthService } from './auth.service';
import { toCurrentUser } from './auth-user';
import type { CaptchaService } from './captcha.service';
import { clientInfo } from './client-info';

const tags = ['auth'];

export function registerAuthRoutes(
  app: App,
  { auth, captcha }: { auth: AuthService; captcha: CaptchaService },
) {
  app.post(
    '/auth/login',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Log in with username or email, password and captcha; returns a bearer token',
        description: [
          'The captcha (on unless the operator turned it off): `GET /auth/code` gives `challenge`, `salt`,',
          '`maxNumber` and `key`; find the number n from 0 to `maxNumber` whose lowercase hex SHA-256 of',
          '`salt + n` is `challenge`, then send `key` as `captchaKey` and n as `captchaCode`. Send the token',
          'from the answer as `Authorization: Bearer <token>` on later calls.',
          '',
          '**Errors**: 400 `INVALID_CREDENTIALS` (wrong username or password), 400 `CAPTCHA_INVALID` (wrong,',
          'used or expired solution: get a new challenge), 403 `ACCOUNT_DISABLED`, 429 `RATE_LIMITED` with',
          '`Retry-After` after too many attempts from one IP address.',
        ].join('\n'),
        security: [],
        body: ZLoginInput,
        response: { 200: envelopeOf(ZLoginResult) },
      },
    },
    async (request) => ok(request, await auth.login(request.body, clientInfo(request))),
  );

  app.get(
    '/auth/info',
    {
      schema: {
        tags,
        summary: 'The signed-in user: profile, balance, type and roles',
        response: { 200: envelopeOf(ZCurrentUser) },
      },
    },
    // Polled by every open page: a cached session's answer is serialized once (okShared).
    async (request) => okShared(request, toCurrentUser(request.user!)),
  );

  app.get(
    '/auth/code',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary:
          'A new proof-of-work captcha challenge; a solution expires and can be used once (per-IP limit)',
        security: [],
        response: { 200: envelopeOf(ZCaptcha) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await captcha.issue(clientIp(request)));
    },
  );

  app.post(
    '/api/authSms/register',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Register a customer account (user type 2); the answer holds its first session token',
        security: [],
        body: ZRegisterInput,
        response: { 200: envelopeOf(ZRegisterResult) },
      },
    },
    async (request) => ok(request, await auth.register(request.body, clientInfo(request))),
  );

  app.post(
    '/api/authSms/logout',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Revoke the current session at once',
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await auth.logout(request.user);
      return ok(request, null);
    },
  );
}
