import type { Rental } from '@jiema/shared';
import { request } from '../../../lib/http';

export const finishRental = (id: number) =>
  request<Rental>({ url: `/api/rentals/${id}/finish`, method: 'POST' });
