import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { clientIp } from '../../lib/client-ip';
import { insertAuditLog } from './audit.repository';

/** Who is acting, taken from the request once so services stay free of HTTP. */
export type Actor = { id: number; name: string; ip: string };

export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user!.record.id,
  name: request.user!.record.username,
  ip: clientIp(request),
});

/**
 * Records an administrator's change (who, what, when, before/after) in the same transaction as the
 * change itself, so the log and the data can never disagree.
 */
export function audit(
  q: Queryable,
  actor: Actor,
  change: {
    action: 'create' | 'update' | 'delete' | string;
    entity: string;
    entityId: string | number;
    before?: unknown;
    after?: unknown;
  },
) {
  return insertAuditLog(q, {
    actorId: actor.id,
    actorName: actor.name,
    action: change.action,
    entity: change.entity,
    entityId: String(change.entityId),
    before: change.before ?? null,
    after: change.after ?? null,
    ip: actor.ip,
  });
}
