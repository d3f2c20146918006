import { http } from './http';

/** Downloads a file answered by the API (CSV exports), with the session's Authorization header. */
export async function downloadFile(
  url: string,
  params: Record<string, unknown>,
  fileName: string,
): Promise<void> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob' });
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
