import type { Rental } from '@jiema/shared';
import { request } from '../http';

/** An administrator suspends a rental: its code link stops answering codes. */
export const suspendRental = (id: number) =>
  request<Rental>({ url: `/api/admin/rentals/${id}/suspend`, method: 'POST' });
