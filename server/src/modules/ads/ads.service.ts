import { AD_IMAGE_MAX_BYTES, type AdInput, type AdPlacement, type AdQuery, type Locale } from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sniffImageType } from '../../lib/image-type';
import { paged } from '../../lib/pagination';
import { newFileId } from '../../lib/secrets';
import { type Actor, audit } from '../audit/audit';
import { insertStoredFile } from '../files/files.repository';
import {
  adImageExists,
  deleteAd,
  fileUrl,
  findAdById,
  insertAd,
  listAds,
  listLiveAds,
  setAdEnabled,
  updateAd,
} from './ads.repository';

export type AdService = ReturnType<typeof createAdService>;

const ENTITY = 'ad';

export function createAdService({ db }: { db: Db }) {
  return {
    async list(query: AdQuery) {
      const { list, total } = await listAds(db, query);
      return paged(list, total, query);
    },

    listLive: (placement: AdPlacement, locale: Locale) => listLiveAds(db, placement, locale),

    /** Stores an ad image after checking by content that it is one; the ad refers to it by id. */
    async uploadImage(actor: Actor, bytes: Buffer) {
      if (bytes.length > AD_IMAGE_MAX_BYTES)
        throw new AppError('FILE_TOO_LARGE', { maxKb: AD_IMAGE_MAX_BYTES / 1024 });
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new AppError('FILE_TYPE_INVALID', { types: 'PNG, JPEG, GIF, WebP' });
      const id = newFileId();
      await db.transaction(async (tx) => {
        await insertStoredFile(tx, { id, ownerId: actor.id, purpose: 'ad', contentType, bytes });
        await audit(tx, actor, {
          action: 'upload',
          entity: 'ad_image',
          entityId: id,
          after: { contentType, size: bytes.length },
        });
      });
      return { fileId: id, url: fileUrl(id) };
    },

    create(actor: Actor, input: AdInput) {
      return db.transaction(async (tx) => {
        if (!(await adImageExists(tx, input.imageFileId))) throw new AppError('AD_IMAGE_NOT_FOUND');
        const id = await insertAd(tx, input);
        const created = (await findAdById(tx, id))!;
        await audit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: created });
        return created;
      });
    },

    update(actor: Actor, id: number, input: AdInput) {
      return db.transaction(async (tx) => {
        const before = await findAdById(tx, id, true);
        if (!before) throw new AppError('AD_NOT_FOUND');
        if (!(await adImageExists(tx, input.imageFileId))) throw new AppError('AD_IMAGE_NOT_FOUND');
        await updateAd(tx, id, input);
        const after = (await findAdById(tx, id))!;
        await audit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after });
        return after;
      });
    },

    setEnabled(actor: Actor, id: number, enabled: boolean) {
      return db.transaction(async (tx) => {
        const before = await findAdById(tx, id, true);
        if (!before) throw new AppError('AD_NOT_FOUND');
        await setAdEnabled(tx, id, enabled);
        const after = (await findAdById(tx, id))!;
        const action = enabled ? 'enable' : 'disable';
        await audit(tx, actor, { action, entity: ENTITY, entityId: id, before, after });
        return after;
      });
    },

    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await findAdById(tx, id, true);
        if (!before) throw new AppError('AD_NOT_FOUND');
        await deleteAd(tx, id);
        await audit(tx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
      });
    },
  };
}
