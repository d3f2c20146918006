import type { Untransferable } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { transfersKey } from './keys';

/** My open numbers the transfer cannot take, by reason (activations, suspended rentals). */
export const useUntransferable = () =>
  useQuery({
    queryKey: transfersKey('untransferable'),
    queryFn: () => request<Untransferable>({ url: '/api/transfers/untransferable' }),
  });
