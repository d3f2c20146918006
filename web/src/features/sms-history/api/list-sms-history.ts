import type { Paged, SmsHistoryItem } from '@jiema/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { type ListParams, smsHistoryKey } from './keys';

/** A polling request never toasts and never logs out (spec §4). */
export const listSmsHistory = (params: ListParams, polling = false) =>
  request<Paged<SmsHistoryItem>>({ url: '/api/sms-history', params, meta: { background: polling } });

/** The caller's received SMS, refreshed every 10 s so new codes show up; only the first load may toast. */
export function useSmsHistory(params: ListParams) {
  const client = useQueryClient();
  const queryKey = smsHistoryKey('own', params);
  return useQuery({
    queryKey,
    queryFn: () => listSmsHistory(params, (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}
