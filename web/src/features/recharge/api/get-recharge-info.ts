import type { RechargeInfo } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { RECHARGE_KEY } from './keys';

/** Polled while the page is open: the server watches the address closely while it is asked. */
export const POLL_MS = 3000;

export const getRechargeInfo = () =>
  request<RechargeInfo>({ url: '/api/recharge', meta: { background: true } });

export const useRechargeInfo = () =>
  useQuery({ queryKey: [...RECHARGE_KEY, 'info'], queryFn: getRechargeInfo, refetchInterval: POLL_MS });
