import { z } from 'zod';
import { ZPageQuery } from '../pagination';
import { ZDateTimeFilter } from './finance';

/** The administrators' audit log (who changed what, when, with the record before and after). */

const filterText = z.string().trim().max(64, 'validation.auditFilterLength').optional();

export const ZAuditLogQuery = ZPageQuery.extend({
  /** Actor's username (part of it) or id. */
  actor: filterText,
  entity: filterText,
  entityId: filterText,
  action: filterText,
  from: ZDateTimeFilter,
  to: ZDateTimeFilter,
});
export type AuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditLog = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** The record before the change (JSON), null for a creation. */
  before: z.unknown(),
  /** The record after the change (JSON), null for a deletion. */
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof ZAuditLog>;

/** The entities and actions present in the log, for the filters' drop-downs. */
export const ZAuditFacets = z.object({ entities: z.array(z.string()), actions: z.array(z.string()) });
export type AuditFacets = z.infer<typeof ZAuditFacets>;
