import type { PhoneBulkResult, PhoneNumberBulkState } from '@jiema/shared';
import { request } from '../../../lib/http';

export const setPhoneState = (data: PhoneNumberBulkState) =>
  request<PhoneBulkResult>({ url: '/api/admin/phone-numbers/state', method: 'POST', data });
