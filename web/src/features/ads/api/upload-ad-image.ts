import type { AdImage } from '@jiema/shared';
import { request } from '../../../lib/http';

export function uploadAdImage(file: File) {
  const data = new FormData();
  data.append('file', file);
  return request<AdImage>({
    url: '/api/admin/ads/image',
    method: 'POST',
    data,
    headers: { 'Content-Type': 'multipart/form-data' },
  });
}
