import type { Paged, SmsTemplate, SmsTemplateInput } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { TEMPLATES_KEY } from './keys';

const OWN = '/api/sms/templates';
const REVIEW = '/api/admin/sms/templates';

export const listOwnTemplates = (params: Record<string, unknown>) =>
  request<Paged<SmsTemplate>>({ url: OWN, params });

export const useOwnTemplates = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: [...TEMPLATES_KEY, 'own', params],
    queryFn: () => listOwnTemplates(params),
    placeholderData: keepPreviousData,
  });

/** The approved templates a send may use (the send screen's picker). */
export const useApprovedTemplates = () =>
  useQuery({
    queryKey: [...TEMPLATES_KEY, 'approved'],
    queryFn: () => listOwnTemplates({ status: 'approved', pageSize: 500 }),
  });

export const createTemplate = (data: SmsTemplateInput) =>
  request<SmsTemplate>({ url: OWN, method: 'POST', data });

export const updateTemplate = ({ id, ...data }: SmsTemplateInput & { id: number }) =>
  request<SmsTemplate>({ url: `${OWN}/${id}`, method: 'PUT', data });

export const deleteTemplate = (id: number) => request<null>({ url: `${OWN}/${id}`, method: 'DELETE' });

export const useReviewTemplates = (params: Record<string, unknown>, enabled: boolean) =>
  useQuery({
    queryKey: [...TEMPLATES_KEY, 'review', params],
    queryFn: () => request<Paged<SmsTemplate>>({ url: REVIEW, params }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const approveTemplate = (id: number) =>
  request<SmsTemplate>({ url: `${REVIEW}/${id}/approve`, method: 'POST' });

export const rejectTemplate = ({ id, reason }: { id: number; reason: string }) =>
  request<SmsTemplate>({ url: `${REVIEW}/${id}/reject`, method: 'POST', data: { reason } });
