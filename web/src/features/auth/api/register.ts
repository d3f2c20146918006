import type { RegisterInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const register = (data: RegisterInput) =>
  request<{ userId: number; username: string }>({ url: '/api/authSms/register', method: 'POST', data });
