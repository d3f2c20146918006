import type { Contact, ContactInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createContact = (data: ContactInput) =>
  request<Contact>({ url: '/api/admin/contacts', method: 'POST', data });
