import type { Rental } from '@jiema/shared';
import { request } from '../../../lib/http';

export const pauseRental = (id: number) =>
  request<Rental>({ url: `/api/rentals/${id}/pause`, method: 'POST' });
