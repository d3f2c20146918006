import type { Application, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { catalogKey } from './keys';

export const listApplications = (params: Record<string, unknown>) =>
  request<Paged<Application>>({ url: '/api/admin/applications', params });

export const useApplications = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: catalogKey('applications', params),
    queryFn: () => listApplications(params),
    placeholderData: keepPreviousData,
  });
