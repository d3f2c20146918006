import { hasPermission } from '@jiema/shared';
import { useSession } from '../../../lib/session-store';

/** Whether the signed-in user holds a permission (the server checks again on every call). */
export function useCan() {
  const session = useSession();
  const subject = {
    userType: session.userType ?? session.user?.userType ?? 3,
    permissions: session.permissions ?? [],
  };
  return (permission: string) => hasPermission(subject, permission);
}
