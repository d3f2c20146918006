import type { Rental } from '@jiema/shared';
import { request } from '../../../lib/http';

export const requestAnotherSms = (id: number) =>
  request<Rental>({ url: `/api/rentals/${id}/another-sms`, method: 'POST' });
