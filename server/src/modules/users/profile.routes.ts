import {
  AVATAR_MAX_BYTES,
  envelopeOf,
  ZApiKey,
  ZChangePasswordInput,
  ZCurrentUser,
  ZProfileUpdateInput,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { toAuthUser, toCurrentUser } from '../auth/auth-user';
import type { ProfileService } from './profile.service';
import { findUserById } from './users.repository';

const tags = ['profile'];

export function registerProfileRoutes(
  app: App,
  { profile, db, adminUsername }: { profile: ProfileService; db: Db; adminUsername: string },
) {
  /** The user as stored after a change, so the page shows what was saved. */
  const reloaded = async (request: Parameters<typeof ok>[0]) => {
    const user = request.user!;
    const record = await findUserById(db, user.record.id);
    return toCurrentUser(toAuthUser(record!, user.sessionId, adminUsername));
  };

  app.put(
    '/api/user/profile',
    {
      config: { permission: 'user:profile' },
      schema: {
        tags,
        summary: 'Edit nickname, email and avatar address',
        body: ZProfileUpdateInput,
        response: { 200: envelopeOf(ZCurrentUser) },
      },
    },
    async (request) => {
      await profile.update(request.user!, request.body);
      return ok(request, await reloaded(request));
    },
  );

  app.post(
    '/api/user/avatar',
    {
      config: { permission: 'user:profile' },
      schema: {
        tags,
        summary: `Upload an avatar (PNG, JPEG, GIF or WebP, checked by content, at most ${AVATAR_MAX_BYTES / 1024} KB)`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(z.object({ iconPath: z.string() })) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
      let file: Awaited<ReturnType<typeof request.file>>;
      try {
        file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1 } });
      } catch {
        throw new AppError('FILE_REQUIRED');
      }
      if (!file) throw new AppError('FILE_REQUIRED');
      const bytes = await file.toBuffer().catch(() => {
        throw new AppError('FILE_TOO_LARGE', { maxKb: AVATAR_MAX_BYTES / 1024 });
      });
      if (file.file.truncated) throw new AppError('FILE_TOO_LARGE', { maxKb: AVATAR_MAX_BYTES / 1024 });
      return ok(request, await profile.uploadAvatar(request.user!, bytes));
    },
  );

  app.put(
    '/api/user/password',
    {
      config: { permission: 'user:security' },
      schema: {
        tags,
        summary: 'Change password (old password checked; other sessions revoked)',
        body: ZChangePasswordInput,
        response: { 200: envelopeOf(z.object({ revokedSessions: z.number() })) },
      },
    },
    async (request) => ok(request, await profile.changePassword(request.user!, request.body)),
  );

  app.post(
    '/api/user/api-key',
    {
      config: { permission: 'user:security' },
      schema: {
        tags,
        summary: 'Regenerate the API key (the old one stops working)',
        response: { 200: envelopeOf(ZApiKey) },
      },
    },
    async (request) => ok(request, await profile.regenerateApiKey(request.user!)),
  );
}
