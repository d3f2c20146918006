import pg from 'pg';
import type { Listener, ListenHandlers } from './client';

/** Waits between reconnection attempts: quick at first, then every few seconds. */
const RETRY_DELAYS_MS = [100, 500, 1000, 2000, 5000];
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries and lose it), and
 * reconnect after a loss. While it is down, `onState(false)`: whoever relies on the notifications
 * must stop trusting what it cached, since some may have been missed meanwhile.
 */
export async function listenOnPostgres(
  url: string,
  types: pg.CustomTypesConfig,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
  let closed = false;
  let current: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (closed) return;
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
  };

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    handlers.onState(false);
    client.end().catch(() => undefined);
    retry();
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, types });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      client.end().catch(() => undefined);
      retry();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    attempt = 0;
    handlers.onState(true);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = null;
      handlers.onState(false);
      await client?.end().catch(() => undefined);
    },
  };
}
