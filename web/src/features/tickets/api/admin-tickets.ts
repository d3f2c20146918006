import type {
  AdminTicketDetail,
  AdminTicketSummary,
  Paged,
  TicketPriority,
  TicketSlaRow,
  TicketStaffMember,
  TicketStatus,
  TicketUnread,
} from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { request } from '../../../lib/http';
import { CONVERSATION_POLL_MS, formData, type ListParams, ticketsKey, UNREAD_POLL_MS } from './keys';

const BASE = '/api/admin/tickets';

export const useAdminTickets = (params: ListParams) =>
  useQuery({
    queryKey: ticketsKey('admin', params),
    queryFn: () => request<Paged<AdminTicketSummary>>({ url: BASE, params }),
    placeholderData: keepPreviousData,
    refetchInterval: UNREAD_POLL_MS,
  });

export const useAdminTicket = (id: number | null) =>
  useQuery({
    queryKey: ticketsKey('admin', 'detail', id),
    queryFn: () => request<AdminTicketDetail>({ url: `${BASE}/${id}`, meta: { background: true } }),
    enabled: id !== null,
    refetchInterval: CONVERSATION_POLL_MS,
  });

export const useTicketSla = (enabled: boolean) =>
  useQuery({
    queryKey: ticketsKey('admin', 'sla'),
    queryFn: () => request<TicketSlaRow[]>({ url: `${BASE}/sla` }),
    enabled,
  });

export const useTicketStaff = (enabled: boolean) =>
  useQuery({
    queryKey: ticketsKey('admin', 'staff'),
    queryFn: () => request<TicketStaffMember[]>({ url: `${BASE}/staff` }),
    enabled,
    staleTime: 60_000,
  });

export const useStaffTicketUnread = (enabled: boolean) =>
  useQuery({
    queryKey: ticketsKey('unread', 'staff'),
    queryFn: () => request<TicketUnread>({ url: `${BASE}/unread`, meta: { background: true } }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
  });

export const assignTicket = (id: number, assigneeId: number | null) =>
  request<null>({ url: `${BASE}/${id}/assignee`, method: 'PUT', data: { assigneeId } });

export const setTicketStatus = (id: number, status: TicketStatus) =>
  request<null>({ url: `${BASE}/${id}/status`, method: 'PUT', data: { status } });

export const setTicketPriority = (id: number, priority: TicketPriority) =>
  request<null>({ url: `${BASE}/${id}/priority`, method: 'PUT', data: { priority } });

export const replyAsStaff = (id: number, content: string, files: readonly File[]) =>
  request<null>({
    url: `${BASE}/${id}/replies`,
    method: 'POST',
    data: formData({ content }, files),
    headers: { 'Content-Type': 'multipart/form-data' },
    meta: { silent: true },
  });

export const addRemark = (id: number, content: string) =>
  request<null>({ url: `${BASE}/${id}/remarks`, method: 'POST', data: { content } });

export const exportTickets = (params: ListParams) => downloadFile(`${BASE}/export`, params, 'tickets.csv');
