import type { AdminUserDetail, UserType } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { useInvalidateUsers } from './invalidate';

export const setUserType = ({ id, userType }: { id: number; userType: UserType }) =>
  request<AdminUserDetail>({ url: `/api/admin/users/${id}/type`, method: 'PUT', data: { userType } });

export function useSetUserType() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: setUserType, onSuccess: invalidate });
}
