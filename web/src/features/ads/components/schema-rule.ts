import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { translateIssueMessage } from '../../../lib/form-rules';

/**
 * A form rule that runs the whole shared schema (so rules linking fields, such as "an email channel
 * needs an email address", show under the field they concern) and reports that field's first issue.
 */
export function wholeSchemaRule<T>(
  schema: z.ZodType,
  field: string,
  t: TFunction,
  /** Turns the form's values into the schema's input (e.g. a date range into start and end). */
  toInput: (values: T) => unknown = (values) => values,
): Rule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = schema.safeParse(toInput(getFieldsValue(true) as T));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(translateIssueMessage(issue.message, t));
    },
  });
}
