import type { AdminUserDetail, AdminUserPermissions } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { useInvalidateUsers } from './invalidate';

export const setUserPermissions = ({ id, ...data }: AdminUserPermissions & { id: number }) =>
  request<AdminUserDetail>({ url: `/api/admin/users/${id}/permissions`, method: 'PUT', data });

export function useSetUserPermissions() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: setUserPermissions, onSuccess: invalidate });
}
