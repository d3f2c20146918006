import { downloadFile } from '../../../lib/download';

export const exportOperators = (filters: Record<string, unknown>) =>
  downloadFile('/api/admin/operators/export', filters, 'operators.csv');
