import { downloadFile } from '../../../lib/download';

export const exportCountries = (filters: Record<string, unknown>) =>
  downloadFile('/api/admin/countries/export', filters, 'countries.csv');
