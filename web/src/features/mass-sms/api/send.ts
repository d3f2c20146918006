import {
  type Campaign,
  type CampaignCreate,
  MASS_SMS_API,
  type SendInput,
  type SendPreview,
} from '@jiema/shared';
import { request } from '../../../lib/http';

/** Silent: the page shows the error inline (it runs as the form changes). Nothing is stored: the numbers normalised, invalid and duplicate lines, segments and cost. */
export const previewSend = (data: SendInput) =>
  request<SendPreview>({ url: MASS_SMS_API.preview, method: 'POST', data, meta: { silent: true } });

/** The confirm: the campaign and its messages are written and charged in one transaction. */
export const createCampaign = (data: CampaignCreate) =>
  request<Campaign>({ url: MASS_SMS_API.campaigns, method: 'POST', data });
