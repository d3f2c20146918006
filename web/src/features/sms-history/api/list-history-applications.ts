import type { SmsApplication } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { smsHistoryKey } from './keys';

/** The applications the caller has rented numbers for (the history's application filter). */
export const listHistoryApplications = () =>
  request<SmsApplication[]>({ url: '/api/sms-history/applications' });

export const useHistoryApplications = () =>
  useQuery({ queryKey: smsHistoryKey('own-applications'), queryFn: listHistoryApplications });
