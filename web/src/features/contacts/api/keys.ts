/** Query keys of the contact channels; every change invalidates `CONTACTS_KEY` (admin list and public list). */
export const CONTACTS_KEY = ['contacts'] as const;
