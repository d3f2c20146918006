import { downloadFile } from '../../../lib/download';
import type { ListParams } from './keys';

export const exportPhoneUsage = (params: ListParams) =>
  downloadFile('/api/admin/phone-usage-records/export', params, 'phone-usage-records.csv');
