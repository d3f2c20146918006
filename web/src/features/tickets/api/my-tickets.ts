import type {
  Paged,
  TicketCreateInput,
  TicketDetail,
  TicketRateInput,
  TicketSummary,
  TicketUnread,
} from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { CONVERSATION_POLL_MS, formData, type ListParams, ticketsKey, UNREAD_POLL_MS } from './keys';

const multipart = { 'Content-Type': 'multipart/form-data' };

export const createTicket = (input: TicketCreateInput, files: readonly File[]) =>
  request<TicketSummary>({
    url: '/api/tickets',
    method: 'POST',
    data: formData(input, files),
    headers: multipart,
  });

export const listMyTickets = (params: ListParams) =>
  request<Paged<TicketSummary>>({ url: '/api/tickets', params });

export const useMyTickets = (params: ListParams) =>
  useQuery({
    queryKey: ticketsKey('mine', params),
    queryFn: () => listMyTickets(params),
    placeholderData: keepPreviousData,
    refetchInterval: UNREAD_POLL_MS,
  });

/** The open conversation, asked again every few seconds so a new reply shows without reloading. */
export const useMyTicket = (id: number | null) =>
  useQuery({
    queryKey: ticketsKey('mine', 'detail', id),
    queryFn: () => request<TicketDetail>({ url: `/api/tickets/${id}`, meta: { background: true } }),
    enabled: id !== null,
    refetchInterval: CONVERSATION_POLL_MS,
  });

export const replyToMyTicket = (id: number, content: string, files: readonly File[]) =>
  request<null>({
    url: `/api/tickets/${id}/replies`,
    method: 'POST',
    data: formData({ content }, files),
    headers: multipart,
    // The reply box says "reply failed" with the reason (spec §8), not the bare reason.
    meta: { silent: true },
  });

export const rateMyTicket = (id: number, input: TicketRateInput) =>
  request<null>({ url: `/api/tickets/${id}/rating`, method: 'POST', data: input, meta: { silent: true } });

export const reopenMyTicket = (id: number) =>
  request<null>({ url: `/api/tickets/${id}/reopen`, method: 'POST' });

/** The menu badge: replies and status changes of support not read yet (a silent poll). */
export const useMyTicketUnread = (enabled: boolean) =>
  useQuery({
    queryKey: ticketsKey('unread', 'mine'),
    queryFn: () => request<TicketUnread>({ url: '/api/tickets/unread', meta: { background: true } }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
  });
