import type { TestSmsInput, TestSmsNumber, TestSmsResult } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export const useTestSmsNumbers = (keyword: string) =>
  useQuery({
    queryKey: ['gateways', 'test-sms-numbers', keyword],
    queryFn: () => request<TestSmsNumber[]>({ url: '/api/admin/test-sms/numbers', params: { keyword } }),
  });

export const sendTestSms = (data: Partial<TestSmsInput>) =>
  request<TestSmsResult>({ url: '/api/admin/test-sms', method: 'POST', data });
