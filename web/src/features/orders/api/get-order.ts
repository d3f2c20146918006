import type { OrderDetail } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { type OrderScope, ordersBase, ordersKey } from '../../../lib/api/orders-keys';
import { request } from '../../../lib/http';

export const getOrder = (scope: OrderScope, id: number) =>
  request<OrderDetail>({ url: `${ordersBase(scope)}/${id}` });

/** One order with its phone list; polled while open so codes appear. */
export const useOrder = (scope: OrderScope, id: number | null) =>
  useQuery({
    queryKey: ordersKey(scope, 'detail', id),
    queryFn: () => getOrder(scope, id!),
    enabled: id !== null,
    refetchInterval: 10_000,
  });
