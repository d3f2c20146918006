import type { ChangePasswordInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const changePassword = (data: ChangePasswordInput) =>
  request<{ revokedSessions: number }>({ url: '/api/user/password', method: 'PUT', data });
