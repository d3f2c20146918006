import type { Ad, AdInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateAd = ({ id, ...data }: AdInput & { id: number }) =>
  request<Ad>({ url: `/api/admin/ads/${id}`, method: 'PUT', data });
