import type { Rental } from '@jiema/shared';
import { request } from '../../../lib/http';

export const resumeRental = (id: number) =>
  request<Rental>({ url: `/api/rentals/${id}/resume`, method: 'POST' });
