import { request } from '../../../lib/http';

export const deleteCountry = (code: string) =>
  request<null>({ url: `/api/admin/countries/${encodeURIComponent(code)}`, method: 'DELETE' });
