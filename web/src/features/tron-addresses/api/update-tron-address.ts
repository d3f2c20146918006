import type { TronAddress, TronAddressInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateTronAddress = ({ id, ...data }: TronAddressInput & { id: number }) =>
  request<TronAddress>({ url: `/api/admin/tron-addresses/${id}`, method: 'PUT', data });
