import { downloadFile } from '../../../lib/download';

export const exportTronAddresses = (filters: Record<string, unknown>) =>
  downloadFile('/api/admin/tron-addresses/export', filters, 'tron-addresses.csv');
