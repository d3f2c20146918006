import { z } from 'zod';
import { ZPageQuery } from '../pagination';

/** The kinds of contact channel the public contact page can show. */
export const CONTACT_TYPES = ['telegram', 'whatsapp', 'email', 'wechat', 'qq', 'phone', 'link'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_LABEL_MAX = 64;
export const CONTACT_VALUE_MAX = 200;
export const DISPLAY_ORDER_MAX = 9999;

const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,24}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A link a visitor may follow: http(s), mailto: or tel: only (never javascript: or data:). */
export function isSafeContactLink(value: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(value).protocol) && !/\s/.test(value);
  } catch {
    return false;
  }
}

export const ZDisplayOrder = z
  .number({ error: 'validation.displayOrderRange' })
  .int('validation.displayOrderRange')
  .min(0, 'validation.displayOrderRange')
  .max(DISPLAY_ORDER_MAX, 'validation.displayOrderRange');

export const ZContactInput = z
  .object({
    type: z.enum(CONTACT_TYPES, { error: 'validation.contactType' }),
    labelZh: z
      .string({ error: 'validation.contactLabelRequired' })
      .trim()
      .min(1, 'validation.contactLabelRequired')
      .max(CONTACT_LABEL_MAX, 'validation.contactLabelLength'),
    /** Empty: English visitors see the Chinese label. */
    labelEn: z.string().trim().max(CONTACT_LABEL_MAX, 'validation.contactLabelLength').default(''),
    value: z
      .string({ error: 'validation.contactValueRequired' })
      .trim()
      .min(1, 'validation.contactValueRequired')
      .max(CONTACT_VALUE_MAX, 'validation.contactValueLength'),
    /** Empty: the page derives one from the value where it can (mailto:, tel:, t.me, wa.me). */
    link: z
      .string()
      .trim()
      .max(2048, 'validation.contactLinkFormat')
      .refine((v) => v === '' || isSafeContactLink(v), 'validation.contactLinkFormat')
      .default(''),
    enabled: z.boolean().default(true),
    sortOrder: ZDisplayOrder.default(0),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'email' && !EMAIL_PATTERN.test(v.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.emailFormat' });
    if ((v.type === 'phone' || v.type === 'whatsapp') && !PHONE_PATTERN.test(v.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.contactPhoneFormat' });
    if (v.type === 'link' && !v.link && !isSafeContactLink(v.value))
      ctx.addIssue({ code: 'custom', path: ['link'], message: 'validation.contactLinkRequired' });
  });
export type ContactInput = z.infer<typeof ZContactInput>;

export const ZContactParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ZContactQuery = ZPageQuery.extend({
  type: z.enum(CONTACT_TYPES, { error: 'validation.contactType' }).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type ContactQuery = z.infer<typeof ZContactQuery>;

export const ZContact = z.object({
  id: z.number().int(),
  type: z.enum(CONTACT_TYPES),
  labelZh: z.string(),
  labelEn: z.string(),
  value: z.string(),
  link: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof ZContact>;

/** What the public contact page gets: enabled channels only, in display order. */
export const ZPublicContact = ZContact.pick({
  id: true,
  type: true,
  labelZh: true,
  labelEn: true,
  value: true,
  link: true,
});
export type PublicContact = z.infer<typeof ZPublicContact>;

/** The link a channel opens: the one set by the administrator, else one derived from the value. */
export function contactHref(contact: Pick<Contact, 'type' | 'value' | 'link'>): string | null {
  if (contact.link) return contact.link;
  const v = contact.value.trim();
  switch (contact.type) {
    case 'email':
      return `mailto:${v}`;
    case 'phone':
      return `tel:${v.replace(/[\s()-]/g, '')}`;
    case 'whatsapp':
      return `https://wa.me/${v.replace(/\D/g, '')}`;
    case 'telegram':
      if (isSafeContactLink(v)) return v;
      return /^@?[A-Za-z0-9_]{4,32}$/.test(v) ? `https://t.me/${v.replace(/^@/, '')}` : null;
    case 'link':
      return isSafeContactLink(v) ? v : null;
    default:
      return null;
  }
}
