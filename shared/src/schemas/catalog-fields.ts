import { z } from 'zod';

/**
 * The field builders the catalog's schemas share (catalog.ts, api-options.ts); not part of the
 * shared package's public names.
 */

export const MAX_ID = 2_147_483_647;

/** Form inputs send '' for an emptied optional field: it means "none" (null). */
export const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const ZSortOrder = z
  .number({ error: 'validation.sortOrderFormat' })
  .int('validation.sortOrderFormat')
  .min(0, 'validation.sortOrderFormat')
  .max(1_000_000, 'validation.sortOrderFormat');

export const ZEnabled = z.boolean({ error: 'validation.enabledFormat' });

export const name = (
  required: 'validation.nameZhRequired' | 'validation.nameEnRequired' | 'validation.nameRequired',
) => z.string({ error: required }).trim().min(1, required).max(64, 'validation.nameLength');

export const ZSlug = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'validation.slugFormat' })
    .trim()
    .regex(/^[a-z0-9_]{1,40}$/, 'validation.slugFormat')
    .nullable(),
);

export const ZId = z
  .number({ error: 'validation.idFormat' })
  .int('validation.idFormat')
  .min(1, 'validation.idFormat')
  .max(MAX_ID);

export const ZQueryId = z.coerce
  .number({ error: 'validation.idFormat' })
  .int()
  .min(1, 'validation.idFormat')
  .max(MAX_ID);

/** `true` / `false` in a query string. */
export const ZBoolQuery = z
  .enum(['true', 'false'], { error: 'validation.enabledFormat' })
  .transform((v) => v === 'true');

export const ZKeyword = z.string().trim().max(64, 'validation.keywordLength').optional();

export const timestamps = { createdAt: z.string(), updatedAt: z.string() };
