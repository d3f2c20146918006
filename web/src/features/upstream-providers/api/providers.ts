import type {
  StoreApplication,
  UpstreamMapping,
  UpstreamMappingOverride,
  UpstreamPriceRule,
  UpstreamPriceRuleWrite,
  UpstreamProvider,
  UpstreamProviderCreate,
  UpstreamProviderState,
  UpstreamProviderUpdate,
  UpstreamReconciliation,
  UpstreamTestResult,
} from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** A price rule as the form sends it (empty fields are nulls). */
export type UpstreamPriceRuleInput = Partial<UpstreamPriceRuleWrite>;

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

/** The provider's cost ledger reconciled against its balance readings of the last `days` days. */
export const useReconciliation = (id: number | null, days: number) =>
  useQuery({
    queryKey: [...PROVIDERS_KEY, 'reconciliation', id, days],
    queryFn: () => request<UpstreamReconciliation>({ url: `${BASE}/${id}/reconciliation`, params: { days } }),
    enabled: id !== null,
  });

export const usePriceRules = (id: number | null) =>
  useQuery({
    queryKey: [...PROVIDERS_KEY, 'price-rules', id],
    queryFn: () => request<UpstreamPriceRule[]>({ url: `${BASE}/${id}/price-rules` }),
    enabled: id !== null,
  });

export const savePriceRule = ({ id, ...data }: UpstreamPriceRuleInput & { id: number }) =>
  request<UpstreamPriceRule[]>({ url: `${BASE}/${id}/price-rules`, method: 'PUT', data });

export const deletePriceRule = ({ id, ruleId }: { id: number; ruleId: number }) =>
  request<UpstreamPriceRule[]>({ url: `${BASE}/${id}/price-rules/${ruleId}`, method: 'DELETE' });

/** The catalog's applications, to pick a price rule's target. */
export const useCatalogApplications = (enabled: boolean) =>
  useQuery({
    queryKey: [...PROVIDERS_KEY, 'catalog-applications'],
    queryFn: () => request<StoreApplication[]>({ url: '/api/catalog/applications' }),
    enabled,
    staleTime: 60_000,
  });
