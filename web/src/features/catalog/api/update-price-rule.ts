import type { PriceRule, PriceRuleUpdate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updatePriceRule = ({ id, ...data }: PriceRuleUpdate & { id: number }) =>
  request<PriceRule>({ url: `/api/admin/price-rules/${id}`, method: 'PUT', data });
