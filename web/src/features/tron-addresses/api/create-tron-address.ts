import type { TronAddress, TronAddressInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createTronAddress = (data: TronAddressInput) =>
  request<TronAddress>({ url: '/api/admin/tron-addresses', method: 'POST', data });
