import type { CompatSettings, CompatSettingsInput } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

const KEY = ['compat-settings'] as const;

export const getCompatSettings = () =>
  request<CompatSettings>({ url: '/api/compat/settings', method: 'GET' });

export const saveCompatSettings = (data: CompatSettingsInput) =>
  request<CompatSettings>({ url: '/api/compat/settings', method: 'PUT', data });

export const useCompatSettings = () => useQuery({ queryKey: KEY, queryFn: getCompatSettings });
export const COMPAT_SETTINGS_KEY = KEY;
