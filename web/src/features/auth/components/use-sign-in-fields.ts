import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaFieldError } from '../../../lib/form-rules';

type Values<K extends string> = Record<K, string>;
type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * The values and errors of a sign-in form without antd's Form: each field is checked against the
 * shared schema as it changes, all of them on submit (as antd's Form does), with the same words.
 */
export function useSignInFields<K extends string>(schema: () => Promise<z.ZodObject>, initial: Values<K>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  // Only a field's latest check shows: one still loading the schema cannot overwrite a newer one.
  const latest = useRef<Partial<Record<K, number>>>({});

  const check = async (field: K, value: string) => {
    const turn = (latest.current[field] ?? 0) + 1;
    latest.current[field] = turn;
    const error = await schemaFieldError(schema, field, value, t);
    if (latest.current[field] === turn) setErrors((before) => ({ ...before, [field]: error }));
    return error;
  };

  const change = (field: K, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    void check(field, value);
  };

  /** Checks every field; resolves to the values when all pass, to undefined otherwise. */
  const validate = async (): Promise<Values<K> | undefined> => {
    const fields = Object.keys(values) as K[];
    const found = await Promise.all(fields.map((field) => check(field, values[field])));
    return found.every((error) => error === undefined) ? values : undefined;
  };

  return { values, errors, change, validate };
}
