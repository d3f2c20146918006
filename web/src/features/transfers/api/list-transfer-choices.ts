import type { RentalChoice } from '@jiema/shared';
import { request } from '../../../lib/http';

/** My rentals that can be transferred (active or paused), searched by number or application. */
export const listTransferChoices = (keyword?: string) =>
  request<RentalChoice[]>({ url: '/api/transfers/rentals', params: { keyword } });
