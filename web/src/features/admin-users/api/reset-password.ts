import type { AdminPasswordReset, PasswordResetResult } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { useInvalidateUsers } from './invalidate';

export const resetPassword = ({ id, ...data }: AdminPasswordReset & { id: number }) =>
  request<PasswordResetResult>({ url: `/api/admin/users/${id}/password`, method: 'POST', data });

export function useResetPassword() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: resetPassword, onSuccess: invalidate });
}
