import type { Paged, PhoneUsageRecord } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { type ListParams, smsHistoryKey } from './keys';

export const listPhoneUsage = (params: ListParams) =>
  request<Paged<PhoneUsageRecord>>({ url: '/api/admin/phone-usage-records', params });

export const usePhoneUsage = (params: ListParams) =>
  useQuery({
    queryKey: smsHistoryKey('phone-usage', params),
    queryFn: () => listPhoneUsage(params),
    placeholderData: keepPreviousData,
  });
