import { envelopeOf, filterMenu, MENU, ZDebugQuery, ZMenuEntry, ZUserRoles } from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { ok } from '../../lib/reply';

const tags = ['permissions'];

/** The permission sources of spec §6: the current-role call first, then the user's menu. */
export function registerMenuRoutes(app: App) {
  app.get(
    '/api/system/user-roles/current',
    {
      schema: {
        tags,
        summary: "The current user's type, roles and effective permissions",
        querystring: ZDebugQuery,
        response: { 200: envelopeOf(ZUserRoles) },
      },
    },
    async (request) => {
      const user = request.user!;
      return ok(request, {
        userId: user.record.id,
        username: user.record.username,
        email: user.record.email,
        userType: user.userType,
        roles: user.record.roles.map((name) => ({ name })),
        permissions: user.permissions,
      });
    },
  );

  app.get(
    '/api/menus/user-menus',
    {
      schema: {
        tags,
        summary: 'The menu tree this user may see, each entry with its permission string',
        querystring: ZDebugQuery,
        response: { 200: envelopeOf(z.array(ZMenuEntry)) },
      },
    },
    async (request) => ok(request, filterMenu(MENU, request.user!)),
  );
}
