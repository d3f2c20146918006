import type { StockOptions } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { stockKey } from './keys';

/** The list page reads them with the list permission, the batch add page with the add permission. */
const URLS = {
  numbers: '/api/admin/phone-numbers/options',
  imports: '/api/admin/phone-imports/options',
} as const;

export const getStockOptions = (scope: keyof typeof URLS) => request<StockOptions>({ url: URLS[scope] });

export const useStockOptions = (scope: keyof typeof URLS) =>
  useQuery({
    queryKey: stockKey('options', scope),
    queryFn: () => getStockOptions(scope),
    staleTime: 60_000,
  });
