/** Query keys of the catalog screens; every change invalidates `CATALOG_KEY` so all lists refresh. */
export const CATALOG_KEY = ['catalog'] as const;
export const catalogKey = (...parts: unknown[]) => [...CATALOG_KEY, ...parts] as const;
