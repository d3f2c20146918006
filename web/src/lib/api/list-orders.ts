import type { Order, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../http';
import { type OrderScope, ordersBase, ordersKey } from './orders-keys';

export type OrderParams = Record<string, string | number | undefined>;

export const listOrders = (scope: OrderScope, params: OrderParams) =>
  request<Paged<Order>>({ url: ordersBase(scope), params });

export const useOrders = (scope: OrderScope, params: OrderParams) =>
  useQuery({
    queryKey: ordersKey(scope, 'list', params),
    queryFn: () => listOrders(scope, params),
    placeholderData: keepPreviousData,
  });
