import type { AdminUser, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export type UserListParams = Record<string, string | number | undefined>;

/** Every query of this feature starts with this key, so a change refreshes them all. */
export const ADMIN_USERS_KEY = 'admin-users';

export const listUsers = (params: UserListParams) =>
  request<Paged<AdminUser>>({ url: '/api/admin/users', params });

export const useUsers = (params: UserListParams) =>
  useQuery({
    queryKey: [ADMIN_USERS_KEY, 'list', params],
    queryFn: () => listUsers(params),
    placeholderData: keepPreviousData,
  });
