import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';

export function registerHealthRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/healthz',
    {
      config: { auth: 'none' },
      schema: { hide: true, response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } },
    },
    async () => {
      await db.query('select 1');
      return { status: 'ok' as const, database: db.kind };
    },
  );
}
