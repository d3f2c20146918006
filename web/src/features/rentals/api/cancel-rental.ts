import type { Rental } from '@jiema/shared';
import { request } from '../../../lib/http';

export const cancelRental = (id: number) =>
  request<Rental>({ url: `/api/rentals/${id}/cancel`, method: 'POST' });
