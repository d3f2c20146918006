import { request } from '../../../lib/http';

export const regenerateApiKey = () =>
  request<{ apiKey: string }>({ url: '/api/user/api-key', method: 'POST' });
