import { PRICE_PLANS, type TicketCreateInput } from '@jiema/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * A mass SMS plan chosen on /home or /pricing (`?type=feature&plan=pro`) fills the ticket asking for it:
 * mass SMS is enabled per account by an administrator, and this is how a customer asks.
 */
export function usePlanRequest(): Partial<TicketCreateInput> {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const planKey = params.get('plan');
  return useMemo(() => {
    const plan = PRICE_PLANS.find((p) => p.key === planKey);
    if (!plan || params.get('type') !== 'feature') return {};
    const name = t(`public.plans.${plan.key}.name`);
    return {
      type: 'feature',
      title: t('public.plans.ticketTitle', { plan: name }),
      description: t('public.plans.ticketText', { plan: name }),
    };
  }, [params, planKey, t]);
}
