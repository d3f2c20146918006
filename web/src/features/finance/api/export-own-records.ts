import { downloadFile } from '../../../lib/download';
import type { RecordParams } from './list-own-records';

export const exportOwnRecords = (params: RecordParams) =>
  downloadFile('/api/finance/records/export', params, 'finance-records.csv');
