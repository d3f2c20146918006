import type { StoreAvailability } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export const getAvailability = (applicationId: number) =>
  request<StoreAvailability>({ url: '/api/store/availability', params: { applicationId } });

export const availabilityKey = (applicationId: number | undefined) =>
  ['store', 'availability', applicationId] as const;

/** Live stock and prices of one application, by country and operator; refreshed every 15 s. */
export const useAvailability = (applicationId: number | undefined) =>
  useQuery({
    queryKey: availabilityKey(applicationId),
    queryFn: () => getAvailability(applicationId!),
    enabled: applicationId !== undefined,
    refetchInterval: 15_000,
  });
