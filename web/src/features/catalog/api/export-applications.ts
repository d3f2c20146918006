import { downloadFile } from '../../../lib/download';

export const exportApplications = (filters: Record<string, unknown>) =>
  downloadFile('/api/admin/applications/export', filters, 'applications.csv');
