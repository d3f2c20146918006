/** Query keys of the TRON address screen; every change invalidates `TRON_KEY`. */
export const TRON_KEY = ['tron-addresses'] as const;
