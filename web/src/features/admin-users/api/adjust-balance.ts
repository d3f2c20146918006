import type { BalanceAdjust, BalanceAdjustResult } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { useInvalidateUsers } from './invalidate';

export const adjustBalance = ({ id, ...data }: BalanceAdjust & { id: number }) =>
  request<BalanceAdjustResult>({ url: `/api/admin/users/${id}/balance`, method: 'POST', data });

export function useAdjustBalance() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: adjustBalance, onSuccess: invalidate });
}
