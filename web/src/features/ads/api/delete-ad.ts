import { request } from '../../../lib/http';

export const deleteAd = (id: number) => request<null>({ url: `/api/admin/ads/${id}`, method: 'DELETE' });
