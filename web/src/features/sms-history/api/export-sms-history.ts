import { downloadFile } from '../../../lib/download';
import type { ListParams } from './keys';

export const exportSmsHistory = (params: ListParams) =>
  downloadFile('/api/sms-history/export', params, 'sms-history.csv');
