import type { AdminUserDetail } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { useInvalidateUsers } from './invalidate';

export const setUserStatus = ({ id, enabled }: { id: number; enabled: boolean }) =>
  request<{ user: AdminUserDetail; revokedSessions: number }>({
    url: `/api/admin/users/${id}/status`,
    method: 'PUT',
    data: { enabled },
  });

export function useSetUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: setUserStatus, onSuccess: invalidate });
}
