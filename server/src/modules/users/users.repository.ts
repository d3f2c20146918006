import type { Queryable } from '../../db/client';

export type UserRecord = {
  id: number;
  username: string;
  email: string;
  nickName: string;
  passwordHash: string;
  userType: number;
  enabled: boolean;
  emailVerified: boolean;
  balance: string;
  points: number;
  apiKey: string;
  iconPath: string;
  lastLoginAt: Date | null;
  lastLoginIp: string | null;
  createdAt: Date;
  /** Created by DEMO=on: buys only demo numbers (and nobody else does). */
  demo: boolean;
  roles: string[];
  grants: string[];
  revokes: string[];
};

type UserRow = {
  id: number;
  username: string;
  email: string;
  nick_name: string;
  password_hash: string;
  user_type: number;
  enabled: boolean;
  email_verified: boolean;
  balance: string;
  points: number;
  api_key: string;
  icon_path: string;
  last_login_at: Date | null;
  last_login_ip: string | null;
  created_at: Date;
  demo: boolean;
  roles: string[];
  grants: string[];
  revokes: string[];
};

/** User columns plus roles and individual permission changes, so one query answers an authenticated request. */
export const USER_COLUMNS = `
  u.id, u.username, u.email, u.nick_name, u.password_hash, u.user_type, u.enabled, u.email_verified,
  u.balance::text as balance, u.points, u.api_key, u.icon_path, u.last_login_at, u.last_login_ip, u.created_at, u.demo,
  array(select role from user_roles r where r.user_id = u.id order by role) as roles,
  array(select permission from user_permissions p where p.user_id = u.id and p.effect = 'grant') as grants,
  array(select permission from user_permissions p where p.user_id = u.id and p.effect = 'revoke') as revokes`;

export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    nickName: row.nick_name,
    passwordHash: row.password_hash,
    userType: row.user_type,
    enabled: row.enabled,
    emailVerified: row.email_verified,
    balance: row.balance,
    points: row.points,
    apiKey: row.api_key,
    iconPath: row.icon_path,
    lastLoginAt: row.last_login_at,
    lastLoginIp: row.last_login_ip,
    createdAt: row.created_at,
    demo: row.demo,
    roles: row.roles,
    grants: row.grants,
    revokes: row.revokes,
  };
}

export async function findUserById(q: Queryable, id: number): Promise<UserRecord | null> {
  const rows = await q.query<UserRow>(`select ${USER_COLUMNS} from users u where u.id = $1`, [id]);
  return rows[0] ? toUserRecord(rows[0]) : null;
}

/** Login accepts the username or the email, both case-insensitive. */
export async function findUserByAccount(q: Queryable, account: string): Promise<UserRecord | null> {
  const rows = await q.query<UserRow>(
    `select ${USER_COLUMNS} from users u where lower(u.username) = lower($1) or lower(u.email) = lower($1)
     order by (lower(u.username) = lower($1)) desc limit 1`,
    [account],
  );
  return rows[0] ? toUserRecord(rows[0]) : null;
}

export async function usernameExists(q: Queryable, username: string): Promise<boolean> {
  const rows = await q.query('select 1 from users where lower(username) = lower($1)', [username]);
  return rows.length > 0;
}

export async function emailExists(q: Queryable, email: string, exceptUserId?: number): Promise<boolean> {
  const rows = await q.query('select 1 from users where lower(email) = lower($1) and id <> $2', [
    email,
    exceptUserId ?? 0,
  ]);
  return rows.length > 0;
}

export async function insertUser(
  q: Queryable,
  user: {
    username: string;
    email: string;
    passwordHash: string;
    userType: number;
    apiKey: string;
    nickName?: string;
    registerIp?: string;
  },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into users (username, email, password_hash, user_type, api_key, nick_name, register_ip)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      user.username,
      user.email,
      user.passwordHash,
      user.userType,
      user.apiKey,
      user.nickName ?? user.username,
      user.registerIp ?? null,
    ],
  );
  return rows[0]!.id;
}

export async function addUserRole(q: Queryable, userId: number, role: string): Promise<void> {
  await q.query('insert into user_roles (user_id, role) values ($1, $2) on conflict do nothing', [
    userId,
    role,
  ]);
}

export async function countUsersRegisteredFromIp(q: Queryable, ip: string, since: Date): Promise<number> {
  const rows = await q.query<{ n: number }>(
    'select count(*) as n from users where register_ip = $1 and created_at > $2',
    [ip, since],
  );
  return rows[0]?.n ?? 0;
}

/** The user's avatar address, with the user's row locked until the transaction ends. */
export async function lockIconPath(q: Queryable, userId: number): Promise<string> {
  const rows = await q.query<{ icon_path: string }>('select icon_path from users where id = $1 for update', [
    userId,
  ]);
  return rows[0]?.icon_path ?? '';
}

export async function updateProfile(
  q: Queryable,
  userId: number,
  changes: { nickName?: string; email?: string; iconPath?: string },
): Promise<void> {
  await q.query(
    `update users set
       nick_name = coalesce($2, nick_name),
       email = coalesce($3, email),
       -- A new address is unproven until its own verification link is opened.
       email_verified = case when $3 is null or lower($3) = lower(email) then email_verified else false end,
       icon_path = coalesce($4, icon_path),
       updated_at = now()
     where id = $1`,
    [userId, changes.nickName ?? null, changes.email ?? null, changes.iconPath ?? null],
  );
}

export async function updatePasswordHash(q: Queryable, userId: number, passwordHash: string): Promise<void> {
  await q.query('update users set password_hash = $2, updated_at = now() where id = $1', [
    userId,
    passwordHash,
  ]);
}

export async function updateApiKey(q: Queryable, userId: number, apiKey: string): Promise<void> {
  await q.query('update users set api_key = $2, updated_at = now() where id = $1', [userId, apiKey]);
}

export async function recordLastLogin(q: Queryable, userId: number, ip: string): Promise<void> {
  await q.query('update users set last_login_at = now(), last_login_ip = $2 where id = $1', [userId, ip]);
}
