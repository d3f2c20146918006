import type { StoreApplication } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export const listStoreApplications = () => request<StoreApplication[]>({ url: '/api/catalog/applications' });

/** The applications on sale (the catalog's store view). */
export const useStoreApplications = () =>
  useQuery({ queryKey: ['store', 'applications'], queryFn: listStoreApplications, staleTime: 60_000 });
