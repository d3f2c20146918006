import type { AdminLedgerEntry, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { ADMIN_USERS_KEY, type UserListParams } from './list-users';

export const getUserLedger = (id: number, params: UserListParams) =>
  request<Paged<AdminLedgerEntry>>({ url: `/api/admin/users/${id}/ledger`, params });

export const useUserLedger = (id: number, params: UserListParams) =>
  useQuery({
    queryKey: [ADMIN_USERS_KEY, 'ledger', id, params],
    queryFn: () => getUserLedger(id, params),
    placeholderData: keepPreviousData,
  });
