import { ZWatcherHealth } from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { watcherHealth } from '../deposits/watcher-health';

export function registerHealthRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  app.get(
    '/healthz',
    {
      config: { auth: 'none' },
      schema: {
        hide: true,
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), tron: ZWatcherHealth.optional() }),
        },
      },
    },
    async (request) => {
      await db.query('select 1');
      // The chain watcher's state is a detail: the server is healthy whatever TronGrid does.
      const tron = await watcherHealth(db, config, request.locale).catch(() => undefined);
      return { status: 'ok' as const, database: db.kind, tron };
    },
  );
}
