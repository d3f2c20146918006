import type { TronAddress } from '@jiema/shared';
import { request } from '../../../lib/http';

export const setTronAddressEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  request<TronAddress>({ url: `/api/admin/tron-addresses/${id}/enabled`, method: 'PUT', data: { enabled } });
