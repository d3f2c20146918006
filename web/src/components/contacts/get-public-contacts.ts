import type { PublicContact } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { CONTACTS_KEY } from '../../features/contacts/api/keys';
import { request } from '../../lib/http';

/** The enabled channels, for the public contact page (no login needed). */
export const getPublicContacts = () =>
  request<PublicContact[]>({ url: '/api/contacts', meta: { silent: true } });

export const usePublicContacts = () =>
  useQuery({ queryKey: [...CONTACTS_KEY, 'public'], queryFn: getPublicContacts, staleTime: 60_000 });
