import type { SmsApplication } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { smsHistoryKey } from './keys';

/** Every application, disabled ones too (the administrators' log filters). */
export const listLogApplications = () =>
  request<SmsApplication[]>({ url: '/api/admin/sms-history/applications' });

export const useLogApplications = () =>
  useQuery({ queryKey: smsHistoryKey('log-applications'), queryFn: listLogApplications });
