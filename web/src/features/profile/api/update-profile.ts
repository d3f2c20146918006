import type { CurrentUser, ProfileUpdateInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateProfile = (data: ProfileUpdateInput) =>
  request<CurrentUser>({ url: '/api/user/profile', method: 'PUT', data });
