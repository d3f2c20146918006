import type { AnnouncementInput, AnnouncementQuery, Locale } from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import {
  type AnnouncementFields,
  deleteAnnouncement,
  findAnnouncementById,
  insertAnnouncement,
  listAnnouncements,
  listPublishedAnnouncements,
  recordAnnouncementRead,
  setAnnouncementPinned,
  setAnnouncementPublished,
  toPublished,
  updateAnnouncement,
} from './announcements.repository';
import { hasVisibleContent, sanitizeHtml } from './html-sanitizer';

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;

const ENTITY = 'announcement';

/**
 * The content is sanitised here, on the server, whatever the browser sent: what is stored is only
 * allow-listed HTML. Content that sanitises to nothing visible is refused rather than stored empty.
 */
function clean(input: AnnouncementInput): AnnouncementFields {
  const contentZh = sanitizeHtml(input.contentZh);
  if (!hasVisibleContent(contentZh)) throw new AppError('ANNOUNCEMENT_CONTENT_EMPTY');
  const hasEnglish = input.titleEn !== '' || input.contentEn.trim() !== '';
  const contentEn = hasEnglish ? sanitizeHtml(input.contentEn) : '';
  if (hasEnglish && !hasVisibleContent(contentEn)) throw new AppError('ANNOUNCEMENT_ENGLISH_CONTENT_EMPTY');
  return { ...input, contentZh, contentEn };
}

export function createAnnouncementService({ db }: { db: Db }) {
  /** Spec §8: a reader asking for a missing or unpublished announcement gets "announcement details not found". */
  async function findPublished(id: number) {
    const found = await findAnnouncementById(db, id);
    if (!found?.published) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
    return found;
  }

  return {
    async listForReader(
      userId: number,
      page: { page: number; pageSize: number; read?: 'read' | 'unread' },
      locale: Locale,
    ) {
      const { list, total } = await listPublishedAnnouncements(db, userId, page);
      return paged(
        list.map((row) => toPublished(row.announcement, locale === 'en-US', row.readCount)),
        total,
        page,
      );
    },

    /** Opening an announcement counts as reading it (the read filter of spec §9). */
    async getForReader(id: number, userId: number, locale: Locale) {
      const announcement = await findPublished(id);
      const readCount = (await recordAnnouncementRead(db, id, userId)) ?? 0;
      return toPublished(announcement, locale === 'en-US', readCount);
    },

    async list(query: AnnouncementQuery) {
      const { list, total } = await listAnnouncements(db, query);
      return paged(list, total, query);
    },

    /** Administrators see drafts too. */
    async get(id: number) {
      const found = await findAnnouncementById(db, id);
      if (!found) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
      return found;
    },

    create(actor: Actor, input: AnnouncementInput) {
      const fields = clean(input);
      return db.transaction(async (tx) => {
        const id = await insertAnnouncement(tx, fields);
        const created = (await findAnnouncementById(tx, id))!;
        await audit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: created });
        return created;
      });
    },

    update(actor: Actor, id: number, input: AnnouncementInput) {
      const fields = clean(input);
      return db.transaction(async (tx) => {
        const before = await findAnnouncementById(tx, id, true);
        if (!before) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
        await updateAnnouncement(tx, id, fields);
        const after = (await findAnnouncementById(tx, id))!;
        await audit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after });
        return after;
      });
    },

    setPublished(actor: Actor, id: number, published: boolean) {
      return db.transaction(async (tx) => {
        const before = await findAnnouncementById(tx, id, true);
        if (!before) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
        await setAnnouncementPublished(tx, id, published);
        const after = (await findAnnouncementById(tx, id))!;
        const action = published ? 'publish' : 'unpublish';
        await audit(tx, actor, {
          action,
          entity: ENTITY,
          entityId: id,
          before: { published: before.published, publishedAt: before.publishedAt },
          after: { published: after.published, publishedAt: after.publishedAt },
        });
        return after;
      });
    },

    setPinned(actor: Actor, id: number, pinned: boolean) {
      return db.transaction(async (tx) => {
        const before = await findAnnouncementById(tx, id, true);
        if (!before) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
        await setAnnouncementPinned(tx, id, pinned);
        const after = (await findAnnouncementById(tx, id))!;
        await audit(tx, actor, {
          action: pinned ? 'pin' : 'unpin',
          entity: ENTITY,
          entityId: id,
          before: { pinned: before.pinned },
          after: { pinned: after.pinned },
        });
        return after;
      });
    },

    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await findAnnouncementById(tx, id, true);
        if (!before) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
        await deleteAnnouncement(tx, id);
        await audit(tx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
      });
    },
  };
}
