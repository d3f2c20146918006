import type { RegisterInput, RegisterResult } from '@jiema/shared';
import { request } from '../../../lib/http';

export const register = (data: RegisterInput) =>
  request<RegisterResult>({ url: '/api/authSms/register', method: 'POST', data });
