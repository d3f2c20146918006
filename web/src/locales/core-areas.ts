/**
 * The translation areas the sign-in pages need (`<area>.json`): the first visit loads only these
 * (plus the shared validation messages); the rest of the language follows before any other page.
 */
export const CORE_AREAS = ['auth', 'common', 'http'] as const;
