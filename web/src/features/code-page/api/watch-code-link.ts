import type { CodeAnswer, CodeItem } from '@jiema/shared';
import { LOCALE_HEADER } from '@jiema/shared';

export type LinkState =
  | { phase: 'loading' }
  | { phase: 'invalid' }
  | { phase: 'ready'; answer: CodeAnswer; live: boolean; limited: boolean };

/** Seconds each long-poll waits on the server (the link's rate limit allows ~2 a minute easily). */
const WAIT_SECONDS = 25;

/**
 * Keeps a code link's answer up to date by long-polling the public link (plain fetch: no session,
 * no toasts; this page is for people who have only the link). Each poll asks only for SMS newer than
 * the newest shown (`after`), so it waits instead of answering the same code again; what a poll
 * brings is merged into what is shown. Stops when `signal` aborts.
 */
export async function watchCodeLink(
  token: string,
  locale: () => string,
  onState: (state: LinkState) => void,
  signal: AbortSignal,
) {
  let shown: CodeAnswer | null = null;
  let after: string | undefined;
  let failures = 0;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  while (!signal.aborted) {
    const params = new URLSearchParams({ format: 'json' });
    if (shown) params.set('wait', String(WAIT_SECONDS));
    if (after) params.set('after', after);
    let response: Response;
    try {
      response = await fetch(`/api/code/${encodeURIComponent(token)}?${params}`, {
        headers: { [LOCALE_HEADER]: locale() },
        signal,
        cache: 'no-store',
      });
    } catch {
      if (signal.aborted) return;
      failures += 1;
      if (shown) onState({ phase: 'ready', answer: shown, live: false, limited: false });
      await sleep(Math.min(30_000, 1000 * 2 ** failures));
      continue;
    }
    if (response.status === 404) return onState({ phase: 'invalid' });
    if (response.status === 429) {
      if (shown) onState({ phase: 'ready', answer: shown, live: false, limited: true });
      await sleep(Number(response.headers.get('retry-after') ?? 30) * 1000);
      continue;
    }
    if (!response.ok) {
      failures += 1;
      await sleep(Math.min(30_000, 1000 * 2 ** failures));
      continue;
    }
    failures = 0;
    const fresh = ((await response.json()) as { data: CodeAnswer }).data;
    shown = merge(shown, fresh);
    // No SMS yet: no `after`, so the server waits for the first one (no reliance on this device's clock).
    after = newestAfter(shown.items) ?? after;
    onState({ phase: 'ready', answer: shown, live: true, limited: false });
  }
}

/** New status and expiry for every number; a code only where the poll brought one. */
function merge(shown: CodeAnswer | null, fresh: CodeAnswer): CodeAnswer {
  if (!shown) return fresh;
  const before = new Map(shown.items.map((i) => [i.phoneNumber, i]));
  return {
    ...fresh,
    items: fresh.items.map((item): CodeItem => {
      const old = before.get(item.phoneNumber);
      return item.receivedAt || !old || old.status !== item.status
        ? item
        : {
            ...item,
            code: old.code,
            text: old.text,
            sender: old.sender,
            receivedAt: old.receivedAt,
            time: old.time,
          };
    }),
  };
}

/** Just after the newest SMS shown (the server keeps microseconds; the answer has milliseconds). */
function newestAfter(items: CodeItem[]): string | undefined {
  const newest = Math.max(...items.map((i) => (i.receivedAt ? Date.parse(i.receivedAt) : 0)));
  return newest > 0 ? new Date(newest + 1).toISOString() : undefined;
}
