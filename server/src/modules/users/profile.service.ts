import { AVATAR_MAX_BYTES, type ChangePasswordInput, type ProfileUpdateInput } from '@jiema/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sniffImageType } from '../../lib/image-type';
import { hashPassword, verifyPassword } from '../../lib/password';
import { newApiKey, newFileId } from '../../lib/secrets';
import type { AuthUser } from '../auth/auth-user';
import { revokeUserSessions } from '../auth/sessions.repository';
import { claimUploadQuota, deleteReplacedAvatar, insertStoredFile } from '../files/files.repository';
import {
  emailExists,
  lockIconPath,
  updateApiKey,
  updatePasswordHash,
  updateProfile,
} from './users.repository';

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService({ db, config }: { db: Db; config: Config }) {
  return {
    async update(user: AuthUser, input: ProfileUpdateInput) {
      if (input.email && (await emailExists(db, input.email, user.record.id)))
        throw new AppError('EMAIL_TAKEN');
      await db.transaction(async (tx) => {
        const before = await lockIconPath(tx, user.record.id);
        await updateProfile(tx, user.record.id, input);
        // An uploaded avatar the user no longer shows is deleted with the change.
        if (input.iconPath !== undefined && input.iconPath !== before)
          await deleteReplacedAvatar(tx, user.record.id, before);
      });
    },

    /** Spec §5 rules; the old password must match; every other session of the user is revoked. */
    async changePassword(user: AuthUser, input: ChangePasswordInput) {
      if (!(await verifyPassword(input.oldPassword, user.record.passwordHash)))
        throw new AppError('OLD_PASSWORD_WRONG');
      const passwordHash = await hashPassword(input.newPassword, config.passwordHashCost);
      const revoked = await db.transaction(async (tx) => {
        await updatePasswordHash(tx, user.record.id, passwordHash);
        return revokeUserSessions(tx, user.record.id, user.sessionId);
      });
      return { revokedSessions: revoked };
    },

    async uploadAvatar(user: AuthUser, bytes: Buffer) {
      if (bytes.length > AVATAR_MAX_BYTES)
        throw new AppError('FILE_TOO_LARGE', { maxKb: AVATAR_MAX_BYTES / 1024 });
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new AppError('FILE_TYPE_INVALID', { types: 'PNG, JPEG, GIF, WebP' });
      const id = newFileId();
      const iconPath = `/api/files/${id}`;
      await db.transaction(async (tx) => {
        await claimUploadQuota(tx, user.record.id, config.uploadLimitPerHour);
        // The user's row lock orders concurrent uploads: each replaces (deletes) the one before it.
        const before = await lockIconPath(tx, user.record.id);
        await insertStoredFile(tx, { id, ownerId: user.record.id, purpose: 'avatar', contentType, bytes });
        await updateProfile(tx, user.record.id, { iconPath });
        await deleteReplacedAvatar(tx, user.record.id, before);
      });
      return { iconPath };
    },

    async regenerateApiKey(user: AuthUser) {
      const apiKey = newApiKey();
      await updateApiKey(db, user.record.id, apiKey);
      return { apiKey };
    },
  };
}
