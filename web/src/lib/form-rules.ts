import { looksLikeValidationMessageKey } from '@jiema/shared';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * A shared-schema message key (`validation.x`) in the current language; zod's own text otherwise.
 * Told by its form, not looked up in the catalogue, which would put all of it in the first load of /login.
 */
export function translateIssueMessage(message: string, t: TFunction): string {
  return looksLikeValidationMessageKey(message) ? t(message) : message;
}

/**
 * An antd form rule running the same zod schema the server validates with, so the browser and
 * the server refuse the same input with the same words. The schema may be given as a loader
 * (`() => import('@jiema/shared/schemas/auth').then((m) => m.ZLoginInput)`): pages on the first
 * load, such as /login, then fetch zod only when the first field is validated.
 */
type SchemaSource = z.ZodObject | (() => Promise<z.ZodObject>);

/**
 * The message the shared zod schema gives for one field's value, in the current language; undefined
 * when the value passes. The schema may be given as a loader
 * (`() => import('@jiema/shared/schemas/auth').then((m) => m.ZLoginInput)`): pages on the first
 * load, such as /login, then fetch zod only when the first field is validated.
 */
export async function schemaFieldError(
  schema: SchemaSource,
  field: string,
  value: unknown,
  t: TFunction,
): Promise<string | undefined> {
  let loaded: z.ZodObject;
  try {
    loaded = typeof schema === 'function' ? await schema() : schema;
  } catch {
    // Its chunk did not load (a cut network): no field error about a module; the server checks
    // the same schema, and the call itself says, in the spec's words, that it failed.
    return undefined;
  }
  const fieldSchema = loaded.shape[field] as z.ZodType | undefined;
  if (!fieldSchema) return undefined;
  const result = fieldSchema.safeParse(value ?? '');
  return result.success ? undefined : translateIssueMessage(result.error.issues[0]?.message ?? '', t);
}

/**
 * An antd form rule running the same zod schema the server validates with, so the browser and
 * the server refuse the same input with the same words (see `schemaFieldError`).
 */
export function zodFieldRule(schema: SchemaSource, field: string, t: TFunction): Rule {
  return {
    validator: async (_rule, value) => {
      const error = await schemaFieldError(schema, field, value, t);
      if (error !== undefined) throw new Error(error);
    },
  };
}

/** The confirmation field must equal `otherField` (spec §5: the two passwords do not match). */
export function sameAsRule(otherField: string, t: TFunction): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value && value !== getFieldValue(otherField)) throw new Error(t('validation.passwordMismatch'));
    },
  });
}

/** The field must differ from `otherField` (a new password equal to the current one changes nothing). */
export function differentFromRule(otherField: string, t: TFunction, messageKey: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value && value === getFieldValue(otherField)) throw new Error(t(messageKey));
    },
  });
}
