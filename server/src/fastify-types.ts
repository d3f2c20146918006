import type { Locale } from '@jiema/shared';
import type { AuthUser } from './modules/auth/auth-user';
import type { SessionCache } from './modules/auth/session-cache';

/**
 * How a route authenticates: a valid session is required (default), may be absent, or is not looked at;
 * `apiKey`: the route checks the user's API key itself (the compat APIs, with their own refusals).
 */
export type AuthMode = 'required' | 'optional' | 'none' | 'apiKey';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** The permission a caller needs (spec §6); type 1 passes every check. */
    permission?: string;
  }
  interface FastifyInstance {
    /** Session lookups kept in memory while exact; its counters are read by the tests and benchmarks. */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    locale: Locale;
    user: AuthUser | null;
  }
}
