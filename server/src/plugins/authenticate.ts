import { hasPermission } from '@jiema/shared';
import type { App } from '../app-types';
import { AppError } from '../lib/app-error';
import type { AuthService } from '../modules/auth/auth.service';

/** `Authorization: Bearer <token>`, trimmed (spec §3: the stored token is trimmed before use). */
function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = match?.[1]?.trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

/**
 * One hook enforces every route's declared auth mode and permission (spec §6), before the body is read.
 * Routes are private unless they say `auth: 'none'` or `'optional'`.
 */
export function registerAuthentication(app: App, auth: AuthService) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const mode = request.routeOptions.url === undefined ? 'none' : (config.auth ?? 'required');
    if (mode === 'none' || mode === 'apiKey') return;
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      if (mode === 'optional') return;
      throw new AppError('UNAUTHORIZED');
    }
    try {
      request.user = await auth.authenticate(token);
    } catch (error) {
      if (mode === 'optional') return;
      throw error;
    }
    if (!hasPermission(request.user, config.permission)) throw new AppError('FORBIDDEN');
  });
}
