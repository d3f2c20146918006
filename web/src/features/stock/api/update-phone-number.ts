import type { PhoneNumber, PhoneNumberUpdate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updatePhoneNumber = ({ id, ...data }: PhoneNumberUpdate & { id: number }) =>
  request<PhoneNumber>({ url: `/api/admin/phone-numbers/${id}`, method: 'PUT', data });
