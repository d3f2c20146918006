import { z } from 'zod';
import { ZPageQuery } from '../pagination';

export const ANNOUNCEMENT_TITLE_MAX = 200;
/** HTML characters; the server sanitises the content with an allow-list before storing it. */
export const ANNOUNCEMENT_CONTENT_MAX = 100_000;

const title = z.string().trim().max(ANNOUNCEMENT_TITLE_MAX, 'validation.announcementTitleLength');
const content = z.string().max(ANNOUNCEMENT_CONTENT_MAX, 'validation.announcementContentLength');

/**
 * One announcement in both interface languages. Chinese (the default and fallback language, spec
 * §9) is required; English is optional and, when given, needs both title and content. A reader of
 * the English interface sees the Chinese text when there is no English version.
 */
export const ZAnnouncementInput = z
  .object({
    titleZh: z
      .string({ error: 'validation.announcementTitleRequired' })
      .trim()
      .min(1, 'validation.announcementTitleRequired')
      .max(ANNOUNCEMENT_TITLE_MAX, 'validation.announcementTitleLength'),
    contentZh: z
      .string({ error: 'validation.announcementContentRequired' })
      .min(1, 'validation.announcementContentRequired')
      .max(ANNOUNCEMENT_CONTENT_MAX, 'validation.announcementContentLength'),
    titleEn: title.default(''),
    contentEn: content.default(''),
    published: z.boolean().default(false),
    pinned: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const hasTitle = v.titleEn !== '';
    const hasContent = v.contentEn.trim() !== '';
    if (hasTitle && !hasContent)
      ctx.addIssue({ code: 'custom', path: ['contentEn'], message: 'validation.announcementEnglishPair' });
    if (hasContent && !hasTitle)
      ctx.addIssue({ code: 'custom', path: ['titleEn'], message: 'validation.announcementEnglishPair' });
  });
export type AnnouncementInput = z.infer<typeof ZAnnouncementInput>;

export const ZAnnouncementParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const ZAnnouncementPublishInput = z.object({ published: z.boolean() });
export const ZAnnouncementPinInput = z.object({ pinned: z.boolean() });

/**
 * Spec §9 "read count filter 1, 2, 3": 1 every announcement, 2 the unread ones, 3 the read ones. For a
 * reader, read means opened by them; in the administrators' list, opened by at least one reader.
 */
export const ANNOUNCEMENT_READ_FILTERS = ['1', '2', '3'] as const;
const readFilter = z
  .enum(ANNOUNCEMENT_READ_FILTERS, { error: 'validation.announcementReadFilter' })
  .optional()
  .transform((v) => (v === '2' ? ('unread' as const) : v === '3' ? ('read' as const) : undefined));

export const ZAnnouncementQuery = ZPageQuery.extend({
  read: readFilter,
  keyword: z.string().trim().max(64).optional(),
  published: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type AnnouncementQuery = z.infer<typeof ZAnnouncementQuery>;

/** The administrator's view: both languages, drafts included. */
export const ZAnnouncement = z.object({
  id: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  contentZh: z.string(),
  contentEn: z.string(),
  published: z.boolean(),
  pinned: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** How many users opened it. */
  readers: z.number().int(),
});
export type Announcement = z.infer<typeof ZAnnouncement>;

/** A reader's view: published only, in the reader's language (Chinese when there is no English). */
export const ZPublishedAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
  /** How many times the reader opened it (0: unread). */
  readCount: z.number().int(),
});
export type PublishedAnnouncement = z.infer<typeof ZPublishedAnnouncement>;

export const ZPublishedAnnouncementQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  read: readFilter,
});
