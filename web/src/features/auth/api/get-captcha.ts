import type { Captcha } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export const getCaptcha = () => request<Captcha>({ url: '/auth/code', method: 'GET' });

/** A fresh captcha on every mount and on demand (`refetch`); answers are single-use. */
export const useCaptcha = () =>
  useQuery({
    queryKey: ['auth', 'captcha'],
    queryFn: getCaptcha,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
