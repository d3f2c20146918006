import type { LoginInput, LoginResult } from '@jiema/shared';
import { request } from '../../../lib/http';

export const login = (data: LoginInput) => request<LoginResult>({ url: '/auth/login', method: 'POST', data });
