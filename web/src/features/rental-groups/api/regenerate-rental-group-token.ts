import type { RentalGroupDetail } from '@jiema/shared';
import { request } from '../../../lib/http';

export const regenerateRentalGroupToken = (id: number) =>
  request<RentalGroupDetail>({ url: `/api/rental-groups/${id}/token`, method: 'POST' });
