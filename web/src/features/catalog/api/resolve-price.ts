import type { PriceAnswer, PriceQuery } from '@jiema/shared';
import { request } from '../../../lib/http';

export const resolvePrice = (params: PriceQuery) =>
  request<PriceAnswer>({ url: '/api/admin/price-rules/resolve', params });
