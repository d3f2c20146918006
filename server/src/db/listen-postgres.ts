import pg from 'pg';
import type { Listener, ListenHandlers } from './client';

/** Waits between reconnection attempts: quick at first, then every few seconds. */
const RETRY_DELAYS_MS = [100, 500, 1000, 2000, 5000];
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Every LISTEN of a process on ONE connection of its own (a pooled one would be handed to queries and
 * lose it), reconnected after a loss. One connection rather than one per channel: PostgreSQL wakes every
 * listening connection of the database at each commit that notifies, whatever its channels, so each
 * stored SMS cost as many wake-ups as the process had listeners. While the connection is down,
 * `onState(false)`: whoever relies on the notifications must stop trusting what it cached, since some
 * may have been missed meanwhile.
 */
export function createListenHub(url: string, types: pg.CustomTypesConfig) {
  const channels = new Map<string, Set<ListenHandlers>>();
  /** The connection, once it listens on every channel that had handlers when it was made. */
  let client: pg.Client | null = null;
  let listened = new Set<string>();
  let connecting: Promise<void> | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const everyone = () => [...channels.values()].flatMap((handlers) => [...handlers]);

  const retry = () => {
    if (channels.size === 0) return;
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
    attempt += 1;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
  };

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    listened = new Set();
    for (const handlers of everyone()) handlers.onState(false);
    lostClient.end().catch(() => undefined);
    retry();
  };

  const connect = (): Promise<void> => {
    // Already connected (a retry timer that fires after a listen() connected): nothing to do.
    if (client) return Promise.resolve();
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString: url, types });
      fresh.on('notification', (message) => {
        for (const handlers of channels.get(message.channel) ?? []) handlers.onNotify(message.payload ?? '');
      });
      fresh.on('error', () => lost(fresh));
      fresh.on('end', () => lost(fresh));
      const done = new Set<string>();
      try {
        await fresh.connect();
        // Channels may be added while the LISTENs run: go on until none is missing.
        for (;;) {
          const missing = [...channels.keys()].filter((channel) => !done.has(channel));
          if (missing.length === 0) break;
          for (const channel of missing) {
            await fresh.query(`listen ${channel}`);
            done.add(channel);
          }
        }
      } catch {
        fresh.end().catch(() => undefined);
        retry();
        return;
      }
      if (channels.size === 0) {
        await fresh.end().catch(() => undefined);
        return;
      }
      client = fresh;
      listened = done;
      attempt = 0;
      clearTimeout(timer);
      for (const handlers of everyone()) handlers.onState(true);
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return async function listen(channel: string, handlers: ListenHandlers): Promise<Listener> {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
    const set = channels.get(channel) ?? new Set<ListenHandlers>();
    channels.set(channel, set);
    set.add(handlers);
    if (connecting) await connecting;
    else if (!client) await connect();
    else {
      const current = client;
      if (!listened.has(channel)) {
        try {
          await current.query(`listen ${channel}`);
          listened.add(channel);
        } catch {
          lost(current);
        }
      }
      if (client === current && listened.has(channel)) handlers.onState(true);
    }
    return {
      async close() {
        handlers.onState(false);
        set.delete(handlers);
        if (set.size > 0 || channels.get(channel) !== set) return;
        channels.delete(channel);
        const current = client;
        if (channels.size === 0) {
          clearTimeout(timer);
          client = null;
          listened = new Set();
          await current?.end().catch(() => undefined);
        } else if (current && listened.delete(channel)) {
          await current.query(`unlisten ${channel}`).catch(() => undefined);
        }
      },
    };
  };
}
