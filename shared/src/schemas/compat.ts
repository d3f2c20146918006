import { z } from 'zod';
import { isHttpUrl } from './ads';

/** The user's settings of the sms-activate and 5sim compatible APIs (profile page). */
export const ZCompatSettingsInput = z.object({
  /** Where an SMS reaching one of the user's numbers is posted in sms-activate's webhook shape; empty = off. */
  webhookUrl: z
    .string({ error: 'validation.compatWebhookUrl' })
    .trim()
    .max(500, 'validation.compatWebhookUrl')
    .refine((v) => v === '' || isHttpUrl(v), 'validation.compatWebhookUrl'),
});
export type CompatSettingsInput = z.infer<typeof ZCompatSettingsInput>;

export const ZCompatSettings = z.object({
  webhookUrl: z.string(),
  /** Deliveries waiting or retrying, and the last failure, so the user sees a broken endpoint. */
  pendingDeliveries: z.number().int(),
  lastError: z.string().nullable(),
});
export type CompatSettings = z.infer<typeof ZCompatSettings>;
