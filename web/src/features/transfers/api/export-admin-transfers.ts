import { downloadFile } from '../../../lib/download';
import type { TransferParams } from './keys';

export const exportAdminTransfers = (params: TransferParams) =>
  downloadFile('/api/admin/transfers/export', params, 'api-transfers.csv');
