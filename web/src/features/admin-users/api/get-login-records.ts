import type { LoginRecord, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { ADMIN_USERS_KEY } from './list-users';

export const getLoginRecords = (id: number, params: { page: number; pageSize: number }) =>
  request<Paged<LoginRecord>>({ url: `/api/admin/users/${id}/login-records`, params });

export const useLoginRecords = (id: number, params: { page: number; pageSize: number }) =>
  useQuery({
    queryKey: [ADMIN_USERS_KEY, 'logins', id, params],
    queryFn: () => getLoginRecords(id, params),
    placeholderData: keepPreviousData,
  });
