import { downloadFile } from '../../../lib/download';
import type { RecordParams } from './list-own-records';

export const exportLedger = (params: RecordParams) =>
  downloadFile('/api/admin/finance/records/export', params, 'finance-log.csv');
