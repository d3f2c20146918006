import { hasPermission, MASS_SMS_API } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { useSession } from '../../../lib/session-store';
import { CONNECTORS_KEY } from './keys';

/** Connector names for the history filter, only for those who may list connectors (silent otherwise). */
export function useConnectorNames(): { id: number; name: string }[] {
  const { userType, permissions } = useSession();
  const allowed = hasPermission(
    { userType: userType ?? 3, permissions: permissions ?? [] },
    'admin:sms-connector:list',
  );
  const query = useQuery({
    queryKey: [...CONNECTORS_KEY, 'names'],
    queryFn: () =>
      request<{ id: number; name: string }[]>({ url: MASS_SMS_API.connectors, meta: { silent: true } }),
    enabled: allowed,
  });
  return query.data?.map(({ id, name }) => ({ id, name })) ?? [];
}
