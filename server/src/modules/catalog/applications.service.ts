import {
  APP_ICON_MAX_BYTES,
  type ApplicationCreate,
  type ApplicationListQuery,
  type ApplicationUpdate,
  extractCode,
  type PatternTestInput,
  smsMatchesApplication,
} from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sniffImageType } from '../../lib/image-type';
import { paged } from '../../lib/pagination';
import { newFileId } from '../../lib/secrets';
import { type Actor, audit } from '../audit/audit';
import { insertStoredFile } from '../files/files.repository';
import {
  applicationCodeTaken,
  deleteApplication,
  exportApplications,
  findApplication,
  insertApplication,
  listApplications,
  updateApplication,
} from './applications.repository';
import { isForeignKeyViolation, isUniqueViolation } from './sql';

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

export function createApplicationsService({ db }: { db: Db }) {
  const mustFind = async (q: Queryable, id: number, lock = false) => {
    const application = await findApplication(q, id, { lock });
    if (!application) throw new AppError('APPLICATION_NOT_FOUND');
    return application;
  };

  return {
    async list(query: ApplicationListQuery) {
      const { list, total } = await listApplications(db, query);
      return paged(list, total, query);
    },

    export: (query: Pick<ApplicationListQuery, 'keyword' | 'enabled'>) => exportApplications(db, query),

    /** Patterns were checked by the shared schema (they compile, are not catastrophic, do not match ''). */
    async create(actor: Actor, input: ApplicationCreate) {
      try {
        return await db.transaction(async (tx) => {
          if (await applicationCodeTaken(tx, input.code, null))
            throw new AppError('APPLICATION_EXISTS', { code: input.code });
          const id = await insertApplication(tx, input);
          const created = await mustFind(tx, id);
          await audit(tx, actor, { action: 'create', entity: 'application', entityId: id, after: created });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('APPLICATION_EXISTS', { code: input.code });
        throw error;
      }
    },

    async update(actor: Actor, id: number, changes: ApplicationUpdate) {
      try {
        return await db.transaction(async (tx) => {
          const before = await mustFind(tx, id, true);
          if (changes.code !== undefined && (await applicationCodeTaken(tx, changes.code, id))) {
            throw new AppError('APPLICATION_EXISTS', { code: changes.code });
          }
          await updateApplication(tx, id, changes);
          const after = await mustFind(tx, id);
          await audit(tx, actor, { action: 'update', entity: 'application', entityId: id, before, after });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('APPLICATION_EXISTS', { code: changes.code ?? '' });
        throw error;
      }
    },

    /** Deletes an application and its price rules; refused while numbers or orders use it. */
    async remove(actor: Actor, id: number) {
      try {
        await db.transaction(async (tx) => {
          const before = await mustFind(tx, id, true);
          await deleteApplication(tx, id);
          await audit(tx, actor, { action: 'delete', entity: 'application', entityId: id, before });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('APPLICATION_IN_USE');
        throw error;
      }
    },

    /** An icon checked by content (PNG, JPEG, GIF, WebP), stored in the database, served by /api/files/:id. */
    async uploadIcon(actor: Actor, id: number, bytes: Buffer) {
      if (bytes.length > APP_ICON_MAX_BYTES)
        throw new AppError('FILE_TOO_LARGE', { maxKb: APP_ICON_MAX_BYTES / 1024 });
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new AppError('FILE_TYPE_INVALID', { types: 'PNG, JPEG, GIF, WebP' });
      return db.transaction(async (tx) => {
        const before = await mustFind(tx, id, true);
        const fileId = newFileId();
        const iconPath = `/api/files/${fileId}`;
        await insertStoredFile(tx, {
          id: fileId,
          ownerId: actor.id,
          purpose: 'app-icon',
          contentType,
          bytes,
        });
        await updateApplication(tx, id, { iconPath });
        await audit(tx, actor, {
          action: 'upload-icon',
          entity: 'application',
          entityId: id,
          before: { iconPath: before.iconPath },
          after: { iconPath },
        });
        return { iconPath };
      });
    },

    /**
     * What the inbound pipeline would make of a sample SMS with these patterns: the same attribution
     * and the same extraction (the code pattern, then the general extractor) as a rental would get,
     * so this tester and the admin tools' one never disagree.
     */
    testPatterns(input: PatternTestInput) {
      return {
        attributed: smsMatchesApplication(input, { sender: input.sender, text: input.text }),
        code: extractCode(input.codePattern ?? '', input.text),
      };
    },
  };
}
