import type { HdWalletInfo } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { TRON_KEY } from './keys';

export const getHdWallet = () =>
  request<HdWalletInfo>({ url: '/api/admin/deposits/hd-wallet', meta: { background: true } });

/** Whether new deposit addresses are derived from an extended public key. */
export const useHdWallet = () => useQuery({ queryKey: [...TRON_KEY, 'hd-wallet'], queryFn: getHdWallet });
