import { downloadFile } from '../../../lib/download';

export const exportAddRecords = (filters: Record<string, unknown>) =>
  downloadFile('/api/admin/add-phone-records/export', filters, 'add-phone-records.csv');
