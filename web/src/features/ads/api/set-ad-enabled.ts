import type { Ad } from '@jiema/shared';
import { request } from '../../../lib/http';

export const setAdEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  request<Ad>({ url: `/api/admin/ads/${id}/enabled`, method: 'PUT', data: { enabled } });
