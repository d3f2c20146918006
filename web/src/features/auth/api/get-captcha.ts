import type { Captcha } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { solvePow } from '../captcha/solve-pow';

export const getCaptcha = () => request<Captcha>({ url: '/auth/code', method: 'GET' });

/** What the form sends: the challenge's key and the number found; none when the captcha is off. */
export type CaptchaSolution = { captchaKey?: string; captchaCode?: string };

export type CaptchaState =
  | { status: 'verifying' }
  | { status: 'verified'; solution: CaptchaSolution }
  | { status: 'off'; solution: CaptchaSolution }
  | { status: 'failed' };

/**
 * Fetches a challenge and solves it in a Web Worker: a fresh one on every mount and on demand
 * (`refresh`), never one another form already used (solutions are single-use).
 */
export function useCaptcha(form: 'login' | 'register' | 'password-reset'): {
  state: CaptchaState;
  refresh: () => void;
} {
  const query = useQuery({
    queryKey: ['auth', 'captcha', form],
    refetchOnMount: 'always',
    queryFn: async ({ signal }): Promise<CaptchaSolution & { expiresInSeconds?: number }> => {
      const challenge = await getCaptcha();
      if (!challenge.enabled) return {};
      const number = await solvePow(challenge, signal);
      if (number === null) throw new Error('captcha challenge without a solution');
      return {
        captchaKey: challenge.key,
        captchaCode: String(number),
        expiresInSeconds: challenge.expiresInSeconds,
      };
    },
    // A page left open: solve a new challenge shortly before the one in hand expires.
    refetchInterval: (q) => {
      const seconds = q.state.data?.expiresInSeconds;
      return seconds ? Math.max(seconds - 15, 5) * 1000 : false;
    },
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const refresh = () => void query.refetch();
  if (query.isFetching || query.isPending) return { state: { status: 'verifying' }, refresh };
  if (query.isError || !query.data) return { state: { status: 'failed' }, refresh };
  const { expiresInSeconds: _expiry, ...solution } = query.data;
  return {
    state: solution.captchaKey ? { status: 'verified', solution } : { status: 'off', solution },
    refresh,
  };
}

/** The fields to send with the form, once the captcha is solved (or off); undefined while it is not. */
export const solutionOf = (state: CaptchaState): CaptchaSolution | undefined =>
  state.status === 'verified' || state.status === 'off' ? state.solution : undefined;
