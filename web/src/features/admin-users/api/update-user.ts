import type { AdminUserDetail, AdminUserUpdate } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { useInvalidateUsers } from './invalidate';

export const updateUser = ({ id, ...data }: AdminUserUpdate & { id: number }) =>
  request<AdminUserDetail>({ url: `/api/admin/users/${id}`, method: 'PUT', data });

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateUser, onSuccess: invalidate });
}
