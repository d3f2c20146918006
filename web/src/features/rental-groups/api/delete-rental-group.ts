import { request } from '../../../lib/http';

export const deleteRentalGroup = (id: number) =>
  request<null>({ url: `/api/rental-groups/${id}`, method: 'DELETE' });
