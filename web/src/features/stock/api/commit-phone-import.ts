import type { PhoneImport } from '@jiema/shared';
import { request } from '../../../lib/http';

export const commitPhoneImport = (id: number) =>
  request<PhoneImport>({ url: `/api/admin/phone-imports/${id}/commit`, method: 'POST' });
