import type { RentalGroupDetail, RentalGroupUpdate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateRentalGroup = (id: number, input: RentalGroupUpdate) =>
  request<RentalGroupDetail>({ url: `/api/rental-groups/${id}`, method: 'PUT', data: input });
