/** Query keys of the transfer screens; a transfer invalidates `TRANSFERS_KEY` (and the rentals lists). */
export const TRANSFERS_KEY = ['transfers'] as const;
export const transfersKey = (...parts: unknown[]) => [...TRANSFERS_KEY, ...parts] as const;

export type TransferParams = Record<string, string | number | undefined>;
