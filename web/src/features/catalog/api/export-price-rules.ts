import { downloadFile } from '../../../lib/download';

export const exportPriceRules = (filters: Record<string, unknown>) =>
  downloadFile('/api/admin/price-rules/export', filters, 'price-rules.csv');
