import type { Paged, PhoneAddRecord } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { stockKey } from './keys';

export const listAddRecords = (params: Record<string, unknown>) =>
  request<Paged<PhoneAddRecord>>({ url: '/api/admin/add-phone-records', params });

export const useAddRecords = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: stockKey('add-records', params),
    queryFn: () => listAddRecords(params),
    placeholderData: keepPreviousData,
  });
