import { envelopeOf, pagedOf, ZAuditFacets, ZAuditLog, ZAuditLogQuery } from '@jiema/shared';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { createAuditService } from './audit.service';

const tags = ['audit'];

/** The audit-log viewer of the system tools page (administrators). */
export function registerAuditRoutes(app: App, { db }: { db: Db }) {
  const auditLogs = createAuditService({ db });

  app.get(
    '/api/admin/audit-logs',
    {
      config: { permission: 'admin:tools:list' },
      schema: {
        tags,
        summary:
          'Administrator changes, newest first: actor, entity, action and date filters, before/after records',
        querystring: ZAuditLogQuery,
        response: { 200: envelopeOf(pagedOf(ZAuditLog)) },
      },
    },
    async (request) => ok(request, await auditLogs.list(request.query)),
  );

  app.get(
    '/api/admin/audit-logs/facets',
    {
      config: { permission: 'admin:tools:list' },
      schema: {
        tags,
        summary: 'The entities and actions present in the audit log',
        response: { 200: envelopeOf(ZAuditFacets) },
      },
    },
    async (request) => ok(request, await auditLogs.facets()),
  );
}
