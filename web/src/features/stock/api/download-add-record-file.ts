import { downloadFile } from '../../../lib/download';

/** The file an add record came from, as it was uploaded. */
export const downloadAddRecordFile = (id: number, fileName: string) =>
  downloadFile(`/api/admin/add-phone-records/${id}/file`, {}, fileName);
