import type { Contact } from '@jiema/shared';
import { request } from '../../../lib/http';

export const setContactEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  request<Contact>({ url: `/api/admin/contacts/${id}/enabled`, method: 'PUT', data: { enabled } });
