import { ROLE, USER_TYPE } from '@jiema/shared';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { newApiKey } from '../../lib/secrets';
import { addUserRole, insertUser } from './users.repository';

/** An administrator (type 1, role ADMIN): the first start's seed and the operator's CLI make them alike. */
export async function createAdministrator(
  db: Db,
  admin: { username: string; email: string; password: string },
  passwordHashCost: number,
): Promise<number> {
  const passwordHash = await hashPassword(admin.password, passwordHashCost);
  return db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      username: admin.username,
      email: admin.email,
      passwordHash,
      userType: USER_TYPE.ADMIN,
      apiKey: newApiKey(),
      nickName: admin.username,
    });
    await addUserRole(tx, id, ROLE.ADMIN);
    return id;
  });
}
