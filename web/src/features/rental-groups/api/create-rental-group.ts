import type { RentalGroupDetail, RentalGroupInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createRentalGroup = (input: RentalGroupInput) =>
  request<RentalGroupDetail>({ url: '/api/rental-groups', method: 'POST', data: input });
