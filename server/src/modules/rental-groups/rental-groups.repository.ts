import type { RentalGroup, RentalGroupListQuery } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { iso, likePattern } from '../catalog/sql';

type GroupRow = {
  id: number;
  name: string;
  token: string;
  member_count: number;
  created_at: Date;
  updated_at: Date;
};

// Members still owned by the group's owner: a transfer drops memberships, this keeps the count honest anyway.
const GROUP_SELECT = `select g.id, g.name, g.token, g.created_at, g.updated_at,
    (select count(*)::int from rental_group_members gm join rentals r on r.id = gm.rental_id
     where gm.group_id = g.id and r.user_id = g.user_id) as member_count
  from rental_groups g`;

const toGroup = (row: GroupRow): RentalGroup => ({
  id: row.id,
  name: row.name,
  token: row.token,
  memberCount: row.member_count,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const SORTABLE: Record<string, string> = {
  name: 'g.name',
  createdAt: 'g.created_at',
  updatedAt: 'g.updated_at',
};

export async function listGroups(q: Queryable, userId: number, query: RentalGroupListQuery) {
  const filter = new SqlFilter().add('g.user_id = ?', userId);
  if (query.keyword) filter.add(`g.name ilike ? escape '\\'`, likePattern(query.keyword));
  const [rows, count] = await Promise.all([
    q.query<GroupRow>(
      `${GROUP_SELECT} ${filter.where} ${orderBy(query, SORTABLE, 'g.created_at desc', 'g.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from rental_groups g ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: rows.map(toGroup), total: count[0]?.total ?? 0 };
}

export async function findGroup(q: Queryable, id: number, userId: number): Promise<RentalGroup | null> {
  const rows = await q.query<GroupRow>(`${GROUP_SELECT} where g.id = $1 and g.user_id = $2`, [id, userId]);
  return rows[0] ? toGroup(rows[0]) : null;
}

/** A group link's owner, for the public code link (an unknown or revoked token: null). */
export async function findGroupByToken(q: Queryable, token: string) {
  const rows = await q.query<{ id: number; user_id: number; name: string }>(
    'select id, user_id, name from rental_groups where token = $1',
    [token],
  );
  return rows[0] ?? null;
}

/** Locks one of the user's groups, so two edits of it take turns. */
export async function lockGroup(q: Queryable, id: number, userId: number): Promise<boolean> {
  const rows = await q.query('select id from rental_groups where id = $1 and user_id = $2 for update', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

/** Serialises a user's group creations (the per-user limit), on the user's row. */
export async function countGroupsLocked(q: Queryable, userId: number): Promise<number> {
  await q.query('select id from users where id = $1 for update', [userId]);
  const rows = await q.query<{ n: number }>(
    'select count(*)::int as n from rental_groups where user_id = $1',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Which of these rentals the user owns, share-locked in id order: a transfer of one of them (which
 * locks it for update) waits for this transaction, then drops the membership it wrote.
 */
export async function ownedRentalIds(q: Queryable, userId: number, ids: readonly number[]) {
  const rows = await q.query<{ id: number; user_id: number }>(
    'select id, user_id from rentals where id = any($1::int[]) order by id for share',
    [ids],
  );
  return new Set(rows.filter((r) => r.user_id === userId).map((r) => r.id));
}

export async function insertGroup(q: Queryable, group: { userId: number; name: string; token: string }) {
  const rows = await q.query<{ id: number }>(
    'insert into rental_groups (user_id, name, token) values ($1, $2, $3) returning id',
    [group.userId, group.name, group.token],
  );
  return rows[0]!.id;
}

export async function updateGroup(q: Queryable, id: number, changes: { name?: string; token?: string }) {
  await q.query(
    `update rental_groups set name = coalesce($2, name), token = coalesce($3, token), updated_at = now()
     where id = $1`,
    [id, changes.name ?? null, changes.token ?? null],
  );
}

/** Makes the group's members exactly these rentals. */
export async function replaceMembers(q: Queryable, groupId: number, rentalIds: readonly number[]) {
  await q.query('delete from rental_group_members where group_id = $1 and rental_id <> all($2::int[])', [
    groupId,
    rentalIds,
  ]);
  await q.query(
    `insert into rental_group_members (group_id, rental_id)
     select $1, id from unnest($2::int[]) as id on conflict do nothing`,
    [groupId, rentalIds],
  );
}

export async function deleteGroup(q: Queryable, id: number, userId: number): Promise<boolean> {
  const rows = await q.query('delete from rental_groups where id = $1 and user_id = $2 returning id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

/** Rentals that changed hands leave every group (all of them belonged to the previous owner). */
export async function dropMemberships(q: Queryable, rentalIds: readonly number[]) {
  await q.query('delete from rental_group_members where rental_id = any($1::int[])', [rentalIds]);
}
