import { type Campaign, MASS_SMS_API, type Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { request } from '../../../lib/http';
import { campaignMayChange } from './awaiting-reports';
import { CAMPAIGNS_KEY } from './keys';

/**
 * Polls every 3 s while a campaign on the page may still change (sending, or its delivery reports
 * still arriving), so progress bars and delivered counts move.
 */
export const useCampaigns = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: [...CAMPAIGNS_KEY, params],
    queryFn: () =>
      request<Paged<Campaign>>({ url: MASS_SMS_API.campaigns, params, meta: { isPolling: true } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((c) => campaignMayChange(c)) ? 3000 : false),
  });

export const pauseCampaign = (id: number) =>
  request<Campaign>({ url: MASS_SMS_API.pause(id), method: 'POST' });
export const resumeCampaign = (id: number) =>
  request<Campaign>({ url: MASS_SMS_API.resume(id), method: 'POST' });
export const cancelCampaign = (id: number) =>
  request<Campaign>({ url: MASS_SMS_API.cancel(id), method: 'POST' });

export const exportCampaign = (id: number) =>
  downloadFile(MASS_SMS_API.campaignExport(id), {}, `sms-campaign-${id}.csv`);
