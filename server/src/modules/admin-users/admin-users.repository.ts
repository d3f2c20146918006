import {
  type AdminUserListQuery,
  effectiveUserType,
  type LoginRecord,
  type PageQuery,
  ROLE,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { listTotal } from '../../lib/row-counts';

/** One row of the user list: the account without secrets (no password hash, no API key). */
export type AdminUserRow = {
  id: number;
  username: string;
  email: string;
  nickName: string;
  userType: number;
  enabled: boolean;
  emailVerified: boolean;
  balance: string;
  points: number;
  roles: string[];
  lastLoginAt: Date | null;
  lastLoginIp: string | null;
  registerIp: string | null;
  createdAt: Date;
};

type Row = {
  id: number;
  username: string;
  email: string;
  nick_name: string;
  user_type: number;
  enabled: boolean;
  email_verified: boolean;
  balance: string;
  points: number;
  roles: string[];
  last_login_at: Date | null;
  last_login_ip: string | null;
  register_ip: string | null;
  created_at: Date;
};

const COLUMNS = `u.id, u.username, u.email, u.nick_name, u.user_type, u.enabled, u.email_verified,
  u.balance::text as balance, u.points, u.last_login_at, u.last_login_ip, u.register_ip, u.created_at,
  array(select role from user_roles r where r.user_id = u.id order by role) as roles`;

const toRow = (r: Row): AdminUserRow => ({
  id: r.id,
  username: r.username,
  email: r.email,
  nickName: r.nick_name,
  userType: r.user_type,
  enabled: r.enabled,
  emailVerified: r.email_verified,
  balance: r.balance,
  points: r.points,
  roles: r.roles,
  lastLoginAt: r.last_login_at,
  lastLoginIp: r.last_login_ip,
  registerIp: r.register_ip,
  createdAt: r.created_at,
});

/** The type a row counts as (spec §6: the admin username or the ADMIN role make type 1). */
export const typeOf = (row: Pick<AdminUserRow, 'userType' | 'username' | 'roles'>, adminUsername: string) =>
  effectiveUserType({ ...row, roles: row.roles.map((name) => ({ name })) }, adminUsername);

const SORTABLE: Record<string, string> = {
  userId: 'u.id',
  username: 'lower(u.username)',
  email: 'lower(u.email)',
  userType: 'u.user_type',
  enabled: 'u.enabled',
  balance: 'u.balance',
  points: 'u.points',
  lastLoginTime: 'u.last_login_at',
  createTime: 'u.created_at',
};

/** `%`, `_` and `\` typed by a person are searched for literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function userFilter(query: Omit<AdminUserListQuery, keyof PageQuery>): SqlFilter {
  const filter = new SqlFilter();
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = likePattern(keyword);
    if (/^\d{1,9}$/.test(keyword)) {
      filter.add('(u.id = ? or u.username ilike ? or u.email ilike ?)', Number(keyword), like, like);
    } else {
      filter.add('(u.username ilike ? or u.email ilike ? or u.nick_name ilike ?)', like, like, like);
    }
  }
  filter.addIf(query.userType, 'u.user_type = ?', query.userType);
  if (query.enabled !== undefined) filter.add('u.enabled = ?', query.enabled);
  filter.addIf(query.from, 'u.created_at >= ?', query.from);
  filter.addIf(query.to, 'u.created_at < ?', query.to);
  return filter;
}

export async function listUsers(
  q: Queryable,
  query: AdminUserListQuery,
): Promise<{ list: AdminUserRow[]; total: number }> {
  const filter = userFilter(query);
  const [rows, total] = await Promise.all([
    q.query<Row>(
      `select ${COLUMNS} from users u ${filter.where}
       ${orderBy(query, SORTABLE, 'u.id desc', 'u.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    listTotal(q, 'users', filter, `select count(*)::int as total from users u ${filter.where}`),
  ]);
  return { list: rows.map(toRow), total };
}

/** Every user the filters match, newest first, at most `limit` (CSV export). */
export async function exportUsers(
  q: Queryable,
  query: Omit<AdminUserListQuery, keyof PageQuery>,
  limit: number,
): Promise<AdminUserRow[]> {
  const filter = userFilter(query);
  const rows = await q.query<Row>(
    `select ${COLUMNS} from users u ${filter.where} order by u.id desc limit ${Math.trunc(limit)}`,
    filter.values,
  );
  return rows.map(toRow);
}

export async function findUserRow(
  q: Queryable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AdminUserRow | null> {
  if (options.lock) await q.query('select id from users where id = $1 for update', [id]);
  const rows = await q.query<Row>(`select ${COLUMNS} from users u where u.id = $1`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function setEnabled(q: Queryable, userId: number, enabled: boolean): Promise<void> {
  await q.query('update users set enabled = $2, updated_at = now() where id = $1', [userId, enabled]);
}

/** Sets the type and the matching role (ADMIN / CUSTOMER / AGENT), replacing the previous type role. */
export async function setUserType(
  q: Queryable,
  userId: number,
  userType: 1 | 2 | 3,
  role: string,
): Promise<void> {
  await q.query('update users set user_type = $2, updated_at = now() where id = $1', [userId, userType]);
  await q.query('delete from user_roles where user_id = $1 and role = any($2::text[])', [
    userId,
    Object.values(ROLE),
  ]);
  await q.query('insert into user_roles (user_id, role) values ($1, $2) on conflict do nothing', [
    userId,
    role,
  ]);
}

export async function findPermissionOverrides(
  q: Queryable,
  userId: number,
): Promise<{ grants: string[]; revokes: string[] }> {
  const rows = await q.query<{ permission: string; effect: 'grant' | 'revoke' }>(
    'select permission, effect from user_permissions where user_id = $1 order by permission',
    [userId],
  );
  return {
    grants: rows.filter((r) => r.effect === 'grant').map((r) => r.permission),
    revokes: rows.filter((r) => r.effect === 'revoke').map((r) => r.permission),
  };
}

/** Replaces the user's individual grants and revocations. */
export async function replacePermissionOverrides(
  q: Queryable,
  userId: number,
  overrides: { grants: readonly string[]; revokes: readonly string[] },
): Promise<void> {
  await q.query('delete from user_permissions where user_id = $1', [userId]);
  const rows = [
    ...overrides.grants.map((p) => [p, 'grant'] as const),
    ...overrides.revokes.map((p) => [p, 'revoke'] as const),
  ];
  if (rows.length === 0) return;
  await q.query(
    `insert into user_permissions (user_id, permission, effect)
     select $1, p, e from unnest($2::text[], $3::text[]) as t(p, e)`,
    [userId, rows.map((r) => r[0]), rows.map((r) => r[1])],
  );
}

export async function updateUserFields(
  q: Queryable,
  userId: number,
  changes: { email?: string; nickName?: string },
): Promise<void> {
  await q.query(
    `update users set email = coalesce($2, email), nick_name = coalesce($3, nick_name), updated_at = now()
     where id = $1`,
    [userId, changes.email ?? null, changes.nickName ?? null],
  );
}

export async function deleteUser(q: Queryable, userId: number): Promise<void> {
  await q.query('delete from users where id = $1', [userId]);
}

type LoginRow = {
  id: number;
  account: string;
  ip: string;
  user_agent: string;
  success: boolean;
  reason: string;
  created_at: Date;
};

/** The user's login attempts (successful or not), newest first. */
export async function listLoginRecords(
  q: Queryable,
  userId: number,
  query: PageQuery,
): Promise<{ list: LoginRecord[]; total: number }> {
  const sortable = { createdAt: 'created_at', ip: 'ip', success: 'success' };
  const [rows, count] = await Promise.all([
    q.query<LoginRow>(
      `select id, account, ip, user_agent, success, reason, created_at from login_records where user_id = $1
       ${orderBy(query, sortable, 'created_at desc')} ${limitOffset(query)}`,
      [userId],
    ),
    q.query<{ total: number }>('select count(*)::int as total from login_records where user_id = $1', [
      userId,
    ]),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: r.account,
      ip: r.ip,
      userAgent: r.user_agent,
      success: r.success,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
    })),
    total: count[0]?.total ?? 0,
  };
}
