import type { Country, CountryCreate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createCountry = (data: CountryCreate) =>
  request<Country>({ url: '/api/admin/countries', method: 'POST', data });
