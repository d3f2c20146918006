import { downloadFile } from '../../../lib/download';
import type { RenewalParams } from './keys';

/** The administrators' renewal records matching the filters, as CSV. */
export const exportRenewals = (params: RenewalParams) =>
  downloadFile('/api/admin/renewals/export', params, 'renewal-records.csv');
