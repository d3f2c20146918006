import { hasPermission } from '@jiema/shared';
import { useCallback } from 'react';
import { useSession } from '../../../lib/session-store';

/** Whether the current user holds a permission (type 1 holds all); buttons they may not use are hidden. */
export function useCan() {
  const { userType, permissions } = useSession();
  return useCallback(
    (permission: string) =>
      hasPermission({ userType: userType ?? 3, permissions: permissions ?? [] }, permission),
    [userType, permissions],
  );
}
