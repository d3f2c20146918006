import type { PhoneBulkResult } from '@jiema/shared';
import { request } from '../../../lib/http';

export const deletePhoneNumbers = (ids: number[]) =>
  request<PhoneBulkResult>({ url: '/api/admin/phone-numbers/delete', method: 'POST', data: { ids } });
