import type { Ad, AdInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createAd = (data: AdInput) => request<Ad>({ url: '/api/admin/ads', method: 'POST', data });
