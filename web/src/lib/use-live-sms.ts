import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { request } from './http';

/**
 * Refreshes the given queries the moment an SMS reaches one of the signed-in user's rentals, on any
 * server process: a server-sent event stream (`GET /api/events`) fed by the server's LISTEN. An
 * EventSource cannot send the Authorization header, so each connection first trades the session for
 * a single-use ticket; after a drop it takes a new ticket and reconnects (with a growing pause).
 */
export function useLiveSms(queryKeys: readonly QueryKey[], enabled = true) {
  const client = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;
    const refresh = () => {
      for (const queryKey of keys.current) void client.invalidateQueries({ queryKey });
    };
    const connect = async () => {
      if (stopped) return;
      try {
        const { ticket } = await request<{ ticket: string }>({
          method: 'POST',
          url: '/api/events/ticket',
          meta: { background: true },
        });
        if (stopped) return;
        source = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
        source.addEventListener('ready', () => {
          failures = 0;
        });
        source.addEventListener('sms', refresh);
        source.addEventListener('resync', refresh);
        source.onerror = () => {
          // The ticket is spent: never let EventSource retry with it; take a new one instead.
          source?.close();
          source = null;
          retry();
        };
      } catch {
        retry();
      }
    };
    const retry = () => {
      if (stopped) return;
      failures += 1;
      timer = setTimeout(() => void connect(), Math.min(30_000, 500 * 2 ** failures));
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [client, enabled]);
}
