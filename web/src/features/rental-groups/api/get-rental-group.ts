import type { RentalGroupDetail } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { rentalGroupsKey } from './keys';

export const getRentalGroup = (id: number) => request<RentalGroupDetail>({ url: `/api/rental-groups/${id}` });

/** One group with its members (only while `id` is set: the edit modal is open). */
export const useRentalGroup = (id: number | null) =>
  useQuery({
    queryKey: rentalGroupsKey('detail', id),
    queryFn: () => getRentalGroup(id!),
    enabled: id !== null,
  });
