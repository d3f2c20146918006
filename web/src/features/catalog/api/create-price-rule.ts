import type { PriceRule, PriceRuleCreate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createPriceRule = (data: PriceRuleCreate) =>
  request<PriceRule>({ url: '/api/admin/price-rules', method: 'POST', data });
