import { call } from './http';

/** Downloads a file answered by the API (CSV exports), with the session's Authorization header. */
export async function downloadFile(
  url: string,
  params: Record<string, unknown>,
  fileName: string,
): Promise<void> {
  const file = (await call({ url, params, responseType: 'blob' })).body as Blob;
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
