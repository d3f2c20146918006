import type { WatcherHealth } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { TRON_KEY } from './keys';

export const getWatcherHealth = () =>
  request<WatcherHealth>({ url: '/api/admin/deposits/watcher', meta: { background: true } });

/** The chain watcher's health, refreshed while the screen is open. */
export const useWatcherHealth = () =>
  useQuery({ queryKey: [...TRON_KEY, 'watcher'], queryFn: getWatcherHealth, refetchInterval: 10_000 });
