import { downloadFile } from '../../../lib/download';
import type { ListParams } from './keys';

export const exportSmsRecords = (params: ListParams) =>
  downloadFile('/api/admin/sms-records/export', params, 'sms-records.csv');
