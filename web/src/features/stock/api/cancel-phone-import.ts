import type { PhoneImport } from '@jiema/shared';
import { request } from '../../../lib/http';

export const cancelPhoneImport = (id: number) =>
  request<PhoneImport>({ url: `/api/admin/phone-imports/${id}`, method: 'DELETE' });
