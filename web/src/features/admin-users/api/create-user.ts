import type { AdminUserCreate, AdminUserDetail } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { useInvalidateUsers } from './invalidate';

export const createUser = (data: AdminUserCreate) =>
  request<AdminUserDetail>({ url: '/api/admin/users', method: 'POST', data });

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
}
