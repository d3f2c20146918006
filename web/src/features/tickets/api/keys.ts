/** Query keys of the ticket screens; every mutation invalidates the whole prefix. */
export const TICKETS_KEY = ['tickets'] as const;
export const ticketsKey = (...parts: unknown[]) => [...TICKETS_KEY, ...parts] as const;

export type ListParams = Record<string, string | number | undefined>;

/** How often an open conversation and the unread badge ask for news (polling; spec §4 silent). */
export const CONVERSATION_POLL_MS = 4000;
export const UNREAD_POLL_MS = 10_000;

/** A form with its attachments, as the ticket routes read it (fields plus `files`). */
export function formData(fields: Record<string, string>, files: readonly File[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append('files', file, file.name);
  return data;
}
