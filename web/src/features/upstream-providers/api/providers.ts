import type {
  UpstreamMapping,
  UpstreamMappingOverride,
  UpstreamProvider,
  UpstreamProviderCreate,
  UpstreamProviderState,
  UpstreamProviderUpdate,
  UpstreamTestResult,
} from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** Every change invalidates this key. */
export const PROVIDERS_KEY = ['upstream-providers'] as const;
const BASE = '/api/admin/upstream-providers';

export const useProviders = () =>
  useQuery({
    queryKey: PROVIDERS_KEY,
    queryFn: () => request<UpstreamProvider[]>({ url: BASE }),
    refetchInterval: 15_000,
    meta: { background: true },
  });

export const createProvider = (data: UpstreamProviderCreate) =>
  request<UpstreamProvider>({ url: BASE, method: 'POST', data });

export const updateProvider = ({ id, ...data }: UpstreamProviderUpdate & { id: number }) =>
  request<UpstreamProvider>({ url: `${BASE}/${id}`, method: 'PUT', data });

export const testProvider = (id: number) =>
  request<UpstreamTestResult>({ url: `${BASE}/${id}/test`, method: 'POST' });

export const useMappings = (id: number | null) =>
  useQuery({
    queryKey: [...PROVIDERS_KEY, 'mappings', id],
    queryFn: () => request<UpstreamMapping[]>({ url: `${BASE}/${id}/mappings` }),
    enabled: id !== null,
  });

export const overrideMapping = ({ id, ...data }: UpstreamMappingOverride & { id: number }) =>
  request<UpstreamMapping[]>({ url: `${BASE}/${id}/mappings`, method: 'PUT', data });

export const useProviderState = (id: number | null) =>
  useQuery({
    queryKey: [...PROVIDERS_KEY, 'state', id],
    queryFn: () => request<UpstreamProviderState>({ url: `${BASE}/${id}/state` }),
    enabled: id !== null,
  });
