import { request } from '../../../lib/http';

export function uploadApplicationIcon(id: number, file: File) {
  const data = new FormData();
  data.append('file', file);
  return request<{ iconPath: string }>({
    url: `/api/admin/applications/${id}/icon`,
    method: 'POST',
    data,
    headers: { 'Content-Type': 'multipart/form-data' },
  });
}
