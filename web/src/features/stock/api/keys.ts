/** Query keys of the stock screens; every change invalidates `STOCK_KEY` so all lists refresh. */
export const STOCK_KEY = ['stock'] as const;
export const stockKey = (...parts: unknown[]) => [...STOCK_KEY, ...parts] as const;
