import type { AuditLogQuery } from '@jiema/shared';
import type { Db } from '../../db/client';
import { paged } from '../../lib/pagination';
import { auditFacets, listAuditLogs } from './audit.repository';

export type AuditService = ReturnType<typeof createAuditService>;

/** Reading the audit log (writing it is `audit()` in audit.ts, inside each change's transaction). */
export function createAuditService({ db }: { db: Db }) {
  return {
    async list(query: AuditLogQuery) {
      const { list, total } = await listAuditLogs(db, query);
      return paged(list, total, query);
    },
    facets: () => auditFacets(db),
  };
}
