import type { Paged, SmsRecord } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { type ListParams, smsHistoryKey } from './keys';

export const listSmsRecords = (params: ListParams) =>
  request<Paged<SmsRecord>>({ url: '/api/admin/sms-records', params });

export const useSmsRecords = (params: ListParams) =>
  useQuery({
    queryKey: smsHistoryKey('records', params),
    queryFn: () => listSmsRecords(params),
    placeholderData: keepPreviousData,
  });
