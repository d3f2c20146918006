import type { TicketStaffMember } from '@jiema/shared';
import type { Queryable } from '../../db/client';

/** The permission a ticket's assignee must hold: the one to answer it. */
export const TICKET_ASSIGNEE_PERMISSION = 'admin:ticket:reply';

/**
 * Who holds TICKET_ASSIGNEE_PERMISSION (spec §6): type 1 (by type, the administrator role or the
 * administrator's username) holds every permission; anyone else only by an individual grant, since
 * no other type has admin permissions by default. Disabled accounts are left out.
 */
const STAFF_SQL = `
  select u.id as "userId", u.username from users u
  where u.enabled and (
    u.user_type = 1 or lower(u.username) = lower($1)
    or exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'ADMIN')
    or exists (select 1 from user_permissions p where p.user_id = u.id and p.permission = $2 and p.effect = 'grant'))`;

export const listTicketStaff = (q: Queryable, adminUsername: string) =>
  q.query<TicketStaffMember>(`${STAFF_SQL} order by lower(u.username) limit 500`, [
    adminUsername,
    TICKET_ASSIGNEE_PERMISSION,
  ]);

export async function isTicketStaff(q: Queryable, userId: number, adminUsername: string) {
  const rows = await q.query(`${STAFF_SQL} and u.id = $3`, [
    adminUsername,
    TICKET_ASSIGNEE_PERMISSION,
    userId,
  ]);
  return rows.length > 0;
}
