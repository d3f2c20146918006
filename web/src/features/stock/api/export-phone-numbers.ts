import { downloadFile } from '../../../lib/download';

export const exportPhoneNumbers = (filters: Record<string, unknown>) =>
  downloadFile('/api/admin/phone-numbers/export', filters, 'phone-numbers.csv');
