import { readFileSync } from 'node:fs';
import { ALL_PERMISSIONS } from '@jiema/shared';
import { expect, test } from 'vitest';
import { i18nKey, permissionLabelKey } from '../src/features/admin-users/lib/permission-groups';

// The permissions drawer labels each group and each permission from the users catalogue; a permission
// added in shared/ without its words would show the raw translation key to an administrator.
const groupKey = (permission: string) => {
  const parts = permission.split(':');
  return parts[0] === 'admin' ? `${parts[0]}:${parts[1]}` : parts[0]!;
};

const lookup = (catalogue: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

test.each(['zh-CN', 'en-US'])('every permission has its group and own label in %s', (locale) => {
  const users = {
    users: JSON.parse(readFileSync(new URL(`../src/locales/${locale}/users.json`, import.meta.url), 'utf8')),
  };
  const missing = ALL_PERMISSIONS.flatMap((permission) =>
    [`users.permissions.groups.${i18nKey(groupKey(permission))}`, permissionLabelKey(permission)].filter(
      (key) => typeof lookup(users, key) !== 'string',
    ),
  );
  expect([...new Set(missing)]).toEqual([]);
});
