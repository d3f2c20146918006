import type { Rental } from '@jiema/shared';
import { request } from '../http';

export const unsuspendRental = (id: number) =>
  request<Rental>({ url: `/api/admin/rentals/${id}/unsuspend`, method: 'POST' });
