import type { Paged, Transfer } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { type TransferParams, transfersKey } from './keys';

export const listAdminTransfers = (params: TransferParams) =>
  request<Paged<Transfer>>({ url: '/api/admin/transfers', params });

/** Every transfer (administrators). */
export const useAdminTransfers = (params: TransferParams) =>
  useQuery({
    queryKey: transfersKey('admin', params),
    queryFn: () => listAdminTransfers(params),
    placeholderData: keepPreviousData,
  });
