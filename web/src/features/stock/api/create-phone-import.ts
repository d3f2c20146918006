import type { PhoneImport, PhoneImportOptions } from '@jiema/shared';
import { request } from '../../../lib/http';

/**
 * Batch add, step 1: the file (or the pasted text, sent as a file) with the choices in the query
 * string; `onProgress` follows the upload (0 to 1).
 */
export function createPhoneImport(
  options: PhoneImportOptions,
  file: Blob,
  fileName: string,
  onProgress?: (fraction: number) => void,
) {
  const data = new FormData();
  data.append('file', file, fileName);
  return request<PhoneImport>({
    url: '/api/admin/phone-imports',
    method: 'POST',
    params: options,
    data,
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : 0),
  });
}
