import type { Contact, ContactInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateContact = ({ id, ...data }: ContactInput & { id: number }) =>
  request<Contact>({ url: `/api/admin/contacts/${id}`, method: 'PUT', data });
