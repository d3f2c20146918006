import { request } from '../../../lib/http';

export function uploadAvatar(file: File) {
  const data = new FormData();
  data.append('file', file);
  return request<{ iconPath: string }>({
    url: '/api/user/avatar',
    method: 'POST',
    data,
    headers: { 'Content-Type': 'multipart/form-data' },
  });
}
