import { z } from 'zod';
import { ZPageQuery } from '../pagination';
import { templateVariables } from '../sms-text';

/** Template statuses: spec §4 names approved and pending; a reviewer's "no" is rejected, with a reason. */
export const SMS_TEMPLATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SmsTemplateStatus = (typeof SMS_TEMPLATE_STATUSES)[number];

export const SMS_TEMPLATE_NAME_MAX = 64;
/** Long enough for a few concatenated parts; the preview shows what it costs. */
export const SMS_TEMPLATE_CONTENT_MAX = 1000;
export const SMS_TEMPLATE_VARIABLES_MAX = 20;
export const SMS_TEMPLATE_REASON_MAX = 200;

export const ZSmsTemplateInput = z.object({
  name: z
    .string({ error: 'validation.smsTemplateNameRequired' })
    .trim()
    .min(1, 'validation.smsTemplateNameRequired')
    .max(SMS_TEMPLATE_NAME_MAX, 'validation.smsTemplateNameLength'),
  content: z
    .string({ error: 'validation.smsTemplateContentRequired' })
    .refine((v) => v.trim().length > 0, 'validation.smsTemplateContentRequired')
    .refine((v) => v.length <= SMS_TEMPLATE_CONTENT_MAX, 'validation.smsTemplateContentLength')
    .refine(
      (v) => templateVariables(v).length <= SMS_TEMPLATE_VARIABLES_MAX,
      'validation.smsTemplateVariablesMax',
    ),
});
export type SmsTemplateInput = z.infer<typeof ZSmsTemplateInput>;

export const ZSmsTemplateReject = z.object({
  reason: z
    .string({ error: 'validation.smsTemplateReasonRequired' })
    .trim()
    .min(1, 'validation.smsTemplateReasonRequired')
    .max(SMS_TEMPLATE_REASON_MAX, 'validation.smsTemplateReasonLength'),
});
export type SmsTemplateReject = z.infer<typeof ZSmsTemplateReject>;

export const ZSmsTemplateParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

export const ZSmsTemplateQuery = ZPageQuery.extend({
  status: z.enum(SMS_TEMPLATE_STATUSES, { error: 'validation.smsTemplateStatus' }).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type SmsTemplateQuery = z.infer<typeof ZSmsTemplateQuery>;

/** The reviewers' list: every user's templates; `username` narrows to one owner. */
export const ZSmsTemplateReviewQuery = ZSmsTemplateQuery.extend({
  username: z.string().trim().max(64).optional(),
});
export type SmsTemplateReviewQuery = z.infer<typeof ZSmsTemplateReviewQuery>;

export const ZSmsTemplate = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  content: z.string(),
  variables: z.array(z.string()),
  status: z.enum(SMS_TEMPLATE_STATUSES),
  rejectReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SmsTemplate = z.infer<typeof ZSmsTemplate>;
