import type { AdminDeposit, AttachDepositInput, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { request } from '../../../lib/http';
import { DEPOSITS_ADMIN_KEY } from './keys';

export type DepositParams = Record<string, string | number | undefined>;

export const listAdminDeposits = (params: DepositParams) =>
  request<Paged<AdminDeposit>>({ url: '/api/admin/deposits', params });

/** Every deposit seen on chain (recharge log), refreshed now and then: deposits arrive by themselves. */
export const useAdminDeposits = (params: DepositParams) =>
  useQuery({
    queryKey: [...DEPOSITS_ADMIN_KEY, params],
    queryFn: () => listAdminDeposits(params),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const exportAdminDeposits = (params: DepositParams) =>
  downloadFile('/api/admin/deposits/export', params, 'recharge-log.csv');

export const attachDeposit = ({ id, ...input }: AttachDepositInput & { id: number }) =>
  request<AdminDeposit>({ url: `/api/admin/deposits/${id}/attach`, method: 'POST', data: input });
