import type { Locale } from '@jiema/shared';
import type { AuthUser } from './modules/auth/auth-user';

/** How a route authenticates: a valid session is required (default), may be absent, or is not looked at. */
export type AuthMode = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** The permission a caller needs (spec §6); type 1 passes every check. */
    permission?: string;
  }
  interface FastifyRequest {
    locale: Locale;
    user: AuthUser | null;
  }
}
