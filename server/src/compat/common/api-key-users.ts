import { hasPermission } from '@jiema/shared';
import type { Db } from '../../db/client';
import { createExactCache } from '../../lib/exact-cache';
import { toAuthUser } from '../../modules/auth/auth-user';
import { AUTH_CHANGES_CHANNEL } from '../../modules/auth/session-cache';
import { toUserRecord, USER_COLUMNS } from '../../modules/users/users.repository';

/** The owner of an API key, as the compat APIs need them. */
export type KeyUser = {
  id: number;
  username: string;
  email: string;
  balance: string;
  /** The demo customer (DEMO=on): sees and buys the demo numbers only, as in the web store. */
  demo: boolean;
  /** Enabled and allowed to buy in the store (`api:store`): everything else is refused as a bad key. */
  usable: boolean;
};

/**
 * API key → user, the key being the one shown on the profile page (users.api_key). Kept in memory
 * while exact: the triggers of migration 0010 announce every change of a user (a new key, a
 * balance, disabling, permissions) on `jiema_auth`, so a regenerated key stops working at once on
 * every process.
 */
export function createApiKeyUsers({
  db,
  ttlMs,
  adminUsername,
}: {
  db: Db;
  ttlMs: number;
  adminUsername: string;
}) {
  const cache = createExactCache<KeyUser>({ db, channel: AUTH_CHANGES_CHANNEL, ttlMs });
  const load = async (key: string): Promise<KeyUser | null> => {
    // biome-ignore lint/suspicious/noExplicitAny: the row type is the repository's own
    const rows = await db.query<any>(`select ${USER_COLUMNS} from users u where u.api_key = $1`, [key], {
      prepare: 'compat-api-key-user',
    });
    if (!rows[0]) return null;
    const record = toUserRecord(rows[0]);
    const user = toAuthUser(record, 0, adminUsername);
    return {
      id: record.id,
      username: record.username,
      email: record.email,
      balance: record.balance,
      demo: record.demo,
      usable: record.enabled && hasPermission(user, 'api:store'),
    };
  };
  return {
    start: () => cache.start(),
    stop: () => cache.stop(),
    /** The usable owner of the key, or null (unknown, disabled or without the store permission). */
    async find(key: string | undefined): Promise<KeyUser | null> {
      if (!key || !/^[\x21-\x7e]{1,200}$/.test(key)) return null;
      const user = await cache.get(
        key,
        () => load(key),
        (u) => u.id,
      );
      return user?.usable ? user : null;
    },
    /** The balance as of now (never from memory): for balance answers. */
    async balance(userId: number): Promise<string> {
      const rows = await db.query<{ balance: string }>(
        'select balance::text as balance from users where id = $1',
        [userId],
      );
      return rows[0]?.balance ?? '0.000000';
    },
  };
}
export type ApiKeyUsers = ReturnType<typeof createApiKeyUsers>;
