import { MASS_SMS_API, type Quota } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { QUOTA_KEY } from './keys';

export const useQuota = () =>
  useQuery({ queryKey: QUOTA_KEY, queryFn: () => request<Quota>({ url: MASS_SMS_API.quota }) });
