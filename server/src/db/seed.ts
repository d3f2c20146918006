import type { Config } from '../config';
import { newReadablePassword } from '../lib/secrets';
import { createAdministrator } from '../modules/users/create-administrator';
import { usernameExists } from '../modules/users/users.repository';
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
  await createAdministrator(
    db,
    {
      username: adminUsername,
      email: config.adminEmail,
      password: config.adminPassword ?? generatedPassword!,
    },
    config.passwordHashCost,
  );
  return { adminCreated: true, adminUsername, generatedPassword };
}
