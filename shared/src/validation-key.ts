/**
 * Whether a text is a validation catalogue key (`validation.<name>`) by its form. The catalogue
 * itself (validation.ts) is not needed for that, so a page can tell a key without downloading it.
 */
export const looksLikeValidationMessageKey = (value: string): boolean => /^validation\.\w+$/.test(value);
