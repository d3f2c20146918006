import type { MyTransfer, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { type TransferParams, transfersKey } from './keys';

export const listTransfers = (params: TransferParams) =>
  request<Paged<MyTransfer>>({ url: '/api/transfers', params });

/** My transfer records, sent and received. */
export const useTransfers = (params: TransferParams) =>
  useQuery({
    queryKey: transfersKey('own', params),
    queryFn: () => listTransfers(params),
    placeholderData: keepPreviousData,
  });
