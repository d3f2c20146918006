import type { PublicContact } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { CONTACTS_KEY } from './keys';

/** The enabled channels, for the public contact page (no login needed). */
export const getPublicContacts = () =>
  request<PublicContact[]>({ url: '/api/contacts', meta: { silent: true } });

export const usePublicContacts = () =>
  useQuery({ queryKey: [...CONTACTS_KEY, 'public'], queryFn: getPublicContacts, staleTime: 60_000 });
