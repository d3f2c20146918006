import { ROLE, USER_TYPE } from '@jiema/shared';
import type { Config } from '../config';
import { hashPassword } from '../lib/password';
import { newApiKey, newReadablePassword } from '../lib/secrets';
import { addUserRole, insertUser, usernameExists } from '../modules/users/users.repository';
import type { Db } from './client';
import { seedCatalog } from './seed-data/seed-catalog';

export type SeedResult = { adminCreated: boolean; adminUsername: string; generatedPassword: string | null };

/** First start: the administrator (ADMIN_USERNAME; ADMIN_PASSWORD, or a generated one reported once). */
export async function seed(db: Db, config: Config): Promise<SeedResult> {
  await seedCatalog(db);
  const adminUsername = config.adminUsername;
  if (await usernameExists(db, adminUsername))
    return { adminCreated: false, adminUsername, generatedPassword: null };
  const generatedPassword = config.adminPassword ? null : newReadablePassword();
  const passwordHash = await hashPassword(
    config.adminPassword ?? generatedPassword!,
    config.passwordHashCost,
  );
  await db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      username: adminUsername,
      email: config.adminEmail,
      passwordHash,
      userType: USER_TYPE.ADMIN,
      apiKey: newApiKey(),
      nickName: adminUsername,
    });
    await addUserRole(tx, id, ROLE.ADMIN);
  });
  return { adminCreated: true, adminUsername, generatedPassword };
}
