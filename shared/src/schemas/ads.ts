import { z } from 'zod';
import { ZPageQuery } from '../pagination';
import { ZDisplayOrder } from './contacts';

/** Where an ad can be shown. */
export const AD_PLACEMENTS = ['dashboard_banner', 'home_banner', 'login_side'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
/** Which visitors see an ad: everyone, or only those reading the site in one language. */
export const AD_LOCALES = ['all', 'zh-CN', 'en-US'] as const;
export type AdLocale = (typeof AD_LOCALES)[number];
export const AD_TITLE_MAX = 100;
/** Ad images: checked by content on the server, and before upload in the browser. */
export const AD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const AD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const STORED_FILE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Where an ad may send a visitor: an absolute http(s) address, nothing else. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !/\s/.test(value);
  } catch {
    return false;
  }
}

const dateTime = z
  .string({ error: 'validation.dateTimeFormat' })
  .pipe(z.iso.datetime({ offset: true, error: 'validation.dateTimeFormat' }))
  .nullable()
  .default(null);

export const ZAdInput = z
  .object({
    /** The administrator's name for the ad, also the image's alternative text. */
    title: z
      .string({ error: 'validation.adTitleRequired' })
      .trim()
      .min(1, 'validation.adTitleRequired')
      .max(AD_TITLE_MAX, 'validation.adTitleLength'),
    /** The id answered by the image upload. */
    imageFileId: z
      .string({ error: 'validation.adImageRequired' })
      .regex(STORED_FILE_ID_PATTERN, 'validation.adImageRequired'),
    /** Empty: the ad is an image only. */
    linkUrl: z
      .string({ error: 'validation.adLinkFormat' })
      .trim()
      .max(2048, 'validation.adLinkFormat')
      .refine((v) => v === '' || isHttpUrl(v), 'validation.adLinkFormat')
      .default(''),
    placement: z.enum(AD_PLACEMENTS, { error: 'validation.adPlacement' }),
    locale: z.enum(AD_LOCALES, { error: 'validation.adLocale' }).default('all'),
    /** Shown from this time on; null: at once. */
    startsAt: dateTime,
    /** Shown until this time; null: no end. */
    endsAt: dateTime,
    enabled: z.boolean().default(true),
    sortOrder: ZDisplayOrder.default(0),
  })
  .refine((v) => !v.startsAt || !v.endsAt || Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    message: 'validation.adScheduleOrder',
    path: ['endsAt'],
  });
export type AdInput = z.infer<typeof ZAdInput>;

export const ZAdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The schedule state of an ad at the time of the request. */
export const AD_STATUSES = ['scheduled', 'running', 'ended', 'disabled'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const ZAdQuery = ZPageQuery.extend({
  placement: z.enum(AD_PLACEMENTS, { error: 'validation.adPlacement' }).optional(),
  status: z.enum(AD_STATUSES).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type AdQuery = z.infer<typeof ZAdQuery>;

export const ZAd = z.object({
  id: z.number().int(),
  title: z.string(),
  imageFileId: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  placement: z.enum(AD_PLACEMENTS),
  locale: z.enum(AD_LOCALES),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  status: z.enum(AD_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ad = z.infer<typeof ZAd>;

export const ZPublicAdQuery = z.object({
  placement: z.enum(AD_PLACEMENTS, { error: 'validation.adPlacement' }),
});

/** What a page gets for a placement: enabled ads inside their schedule, in the visitor's language. */
export const ZPublicAd = ZAd.pick({ id: true, title: true, imageUrl: true, linkUrl: true, placement: true });
export type PublicAd = z.infer<typeof ZPublicAd>;

export const ZAdImage = z.object({ fileId: z.string(), url: z.string() });
export type AdImage = z.infer<typeof ZAdImage>;
