/** Query keys of the SMS history screens. */
export const SMS_HISTORY_KEY = ['sms-history'] as const;
export const smsHistoryKey = (...parts: unknown[]) => [...SMS_HISTORY_KEY, ...parts] as const;

/** A list call's query parameters: paging, sorting and the filters, flattened. */
export type ListParams = Record<string, string | number | undefined>;
