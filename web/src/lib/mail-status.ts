import type { MailStatus } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './http';

const getMailStatus = () => request<MailStatus>({ url: '/api/auth/mail', method: 'GET' });

/**
 * Whether this site mails links (SMTP_URL): the login page and the profile offer reset and
 * verification by mail, or say to ask an administrator. Unknown until loaded: show neither.
 */
export const useMailStatus = () =>
  useQuery({ queryKey: ['auth', 'mail'], queryFn: getMailStatus, staleTime: 5 * 60_000, retry: false });
