import type { Paged, PhoneNumber } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { stockKey } from './keys';

export const listPhoneNumbers = (params: Record<string, unknown>) =>
  request<Paged<PhoneNumber>>({ url: '/api/admin/phone-numbers', params });

export const usePhoneNumbers = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: stockKey('numbers', params),
    queryFn: () => listPhoneNumbers(params),
    placeholderData: keepPreviousData,
  });
