import type {
  CodeSettings,
  CodeSettingsUpdate,
  Paged,
  StoreApplication,
  WebhookDelivery,
} from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** Query keys of the code retrieval settings page. */
export const CODE_SETTINGS_KEY = ['code-settings'] as const;
const DELIVERIES_KEY = [...CODE_SETTINGS_KEY, 'deliveries'] as const;

export const getCodeSettings = () => request<CodeSettings>({ url: '/api/code-settings' });
export const useCodeSettings = () => useQuery({ queryKey: CODE_SETTINGS_KEY, queryFn: getCodeSettings });

export const saveCodeSettings = (data: CodeSettingsUpdate) =>
  request<CodeSettings>({ method: 'PUT', url: '/api/code-settings', data });

export const regenerateWebhookSecret = () =>
  request<{ webhookSecret: string }>({ method: 'POST', url: '/api/code-settings/webhook-secret' });

export const savePattern = (applicationId: number, pattern: string) =>
  request<CodeSettings>({
    method: 'PUT',
    url: `/api/code-settings/patterns/${applicationId}`,
    data: { pattern },
  });

export const deletePattern = (applicationId: number) =>
  request<CodeSettings>({ method: 'DELETE', url: `/api/code-settings/patterns/${applicationId}` });

export const testPattern = (pattern: string, text: string) =>
  request<{ matched: boolean; code: string | null }>({
    method: 'POST',
    url: '/api/code-settings/pattern-test',
    data: { pattern, text },
  });

/** The delivery log, refreshed every 5 s while open (retries happen in the background). */
export const useWebhookDeliveries = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...DELIVERIES_KEY, page, pageSize],
    queryFn: () =>
      request<Paged<WebhookDelivery>>({
        url: '/api/code-settings/deliveries',
        params: { page, pageSize },
        meta: { background: true },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

export const useApplications = () =>
  useQuery({
    queryKey: [...CODE_SETTINGS_KEY, 'applications'],
    queryFn: () => request<StoreApplication[]>({ url: '/api/catalog/applications' }),
    staleTime: 60_000,
  });
