import type { Contact, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { CONTACTS_KEY } from './keys';

export const listContacts = (params: Record<string, unknown>) =>
  request<Paged<Contact>>({ url: '/api/admin/contacts', params });

export const useContacts = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: [...CONTACTS_KEY, 'admin', params],
    queryFn: () => listContacts(params),
    placeholderData: keepPreviousData,
  });
