/** Query keys of ads; every change invalidates `ADS_KEY` (admin list and live placements). */
export const ADS_KEY = ['ads'] as const;
