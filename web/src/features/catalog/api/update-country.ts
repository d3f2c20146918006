import type { Country, CountryUpdate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateCountry = ({ code, ...data }: CountryUpdate & { code: string }) =>
  request<Country>({ url: `/api/admin/countries/${encodeURIComponent(code)}`, method: 'PUT', data });
