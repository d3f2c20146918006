import { envelopeOf, ZSweepResult, ZToolPatternTestInput, ZToolPatternTestResult } from '@jiema/shared';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PatternTestQuota } from '../../lib/pattern-test-quota';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createAdminToolsService } from './admin-tools.service';
import { testPatterns } from './pattern-tester';

const tags = ['admin-tools'];
const BASE = '/api/admin/tools';

/** The system tools page beside reconciliation and the audit log (spec §2 admin/tools). */
export function registerAdminToolRoutes(
  app: App,
  { db, config, patternTests }: { db: Db; config: Config; patternTests: PatternTestQuota },
) {
  const tools = createAdminToolsService({ db, cooldownMinutes: config.storeCooldownMinutes });

  app.post(
    `${BASE}/pattern-test`,
    {
      config: { permission: 'admin:tools:list' },
      preHandler: patternTests,
      schema: {
        tags,
        summary: 'Try the patterns of an application on a sample SMS, matched exactly as a received SMS is',
        body: ZToolPatternTestInput,
        response: { 200: envelopeOf(ZToolPatternTestResult) },
      },
    },
    async (request) => ok(request, testPatterns(request.body)),
  );

  app.post(
    `${BASE}/sweep`,
    {
      config: { permission: 'admin:tools:edit' },
      schema: {
        tags,
        summary: 'Run the rental and stock expiry sweep once, now',
        response: { 200: envelopeOf(ZSweepResult) },
      },
    },
    async (request) => ok(request, await tools.sweepNow(actorOf(request))),
  );

  app.get(
    `${BASE}/settings-export`,
    {
      config: { permission: 'admin:tools:edit' },
      schema: { tags, summary: 'Download the platform settings as JSON (no secrets)' },
    },
    async (request, reply) => {
      const document = await tools.exportSettings(actorOf(request));
      const day = document.exportedAt.slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="jiema-settings-${day}.json"`)
        .send(JSON.stringify(document, null, 2));
    },
  );
}
