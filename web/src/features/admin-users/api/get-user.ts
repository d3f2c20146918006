import type { AdminUserDetail } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { ADMIN_USERS_KEY } from './list-users';

export const getUser = (id: number) => request<AdminUserDetail>({ url: `/api/admin/users/${id}` });

/** One user with permissions; fetched fresh (e.g. the balance before an adjustment). */
export const useUser = (id: number | null) =>
  useQuery({
    queryKey: [ADMIN_USERS_KEY, 'detail', id],
    queryFn: () => getUser(id!),
    enabled: id !== null,
    staleTime: 0,
  });
