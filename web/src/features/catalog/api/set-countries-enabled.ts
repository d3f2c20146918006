import type { CountryBatchStatus } from '@jiema/shared';
import { request } from '../../../lib/http';

export const setCountriesEnabled = (data: CountryBatchStatus) =>
  request<{ updated: number }>({ url: '/api/admin/countries/batch-status', method: 'POST', data });
