import type { MailSent } from '@jiema/shared';
import { request } from '../../../lib/http';

export const requestEmailVerification = () =>
  request<MailSent>({ url: '/api/user/email-verification', method: 'POST' });
