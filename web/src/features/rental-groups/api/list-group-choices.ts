import type { RentalChoice } from '@jiema/shared';
import { request } from '../../../lib/http';

/** My rentals that can join a group link, searched by number or application. */
export const listGroupChoices = (keyword?: string) =>
  request<RentalChoice[]>({ url: '/api/rental-groups/rentals', params: { keyword } });
