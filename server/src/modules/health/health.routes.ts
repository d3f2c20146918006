import { USER_TYPE, ZWatcherHealth } from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { watcherHealth } from '../deposits/watcher-health';
import { checkReadiness, type Readiness } from './readiness';

export function registerHealthRoutes(
  app: App,
  { db, config, readiness }: { db: Db; config: Config; readiness: Readiness },
) {
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

  /**
   * Ready to take traffic: the database answers, every migration of this build is applied and the
   * background workers have started. 503 otherwise, so a load balancer or an orchestrator holds traffic
   * back. An administrator's session also gets the checks' details.
   */
  app.get('/readyz', { config: { auth: 'optional' }, schema: { hide: true } }, async (request, reply) => {
    const report = await checkReadiness(db, readiness);
    reply.code(report.ready ? 200 : 503);
    const status = report.ready ? 'ready' : 'not_ready';
    return request.user?.userType === USER_TYPE.ADMIN ? { status, ...report } : { status };
  });
}
