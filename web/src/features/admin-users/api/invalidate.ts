import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_KEY } from './list-users';

/** After a change: the user list, details, ledgers and the finance pages load again. */
export function useInvalidateUsers() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: [ADMIN_USERS_KEY] });
    void client.invalidateQueries({ queryKey: ['finance'] });
    void client.invalidateQueries({ queryKey: ['audit'] });
  };
}
