import type { Locale } from '@jiema/shared';
import type { AuthUser } from './modules/auth/auth-user';
import type { SessionCache } from './modules/auth/session-cache';
import type { CodeLinkCache } from './modules/code-delivery/code-link-cache';
import type { SmsArrivals } from './modules/code-delivery/sms-arrivals';
import type { Readiness } from './modules/health/readiness';
import type { SmppSupervisor } from './modules/smpp/supervisor';

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
    /**
     * The route answers scripts, never a page a browser renders (the compat protocols, the code link,
     * the gateways' webhooks): it gets only `X-Content-Type-Options`, not the browser-page headers
     * (plugins/security-headers.ts). Its answers are JSON or plain text, which nosniff keeps from
     * being rendered as a page.
     */
    scriptsOnly?: boolean;
    /** A file of the built web app: its request lines are logged at debug (plugins/request-logging.ts). */
    staticFile?: boolean;
  }
  interface FastifyInstance {
    /** Session lookups kept in memory while exact; its counters are read by the tests and benchmarks. */
    sessionCache: SessionCache;
    /** This process's LISTEN on `jiema_sms` (code link long-polls, live events, the webhook worker). */
    smsArrivals: SmsArrivals;
    /** Code link answers kept in memory while exact; its counters are read by the tests. */
    codeLinkCache: CodeLinkCache;
    /** SMPP gateways' binds (modules/smpp); started by main.ts, stopped when the app closes. */
    smppConnectors: SmppSupervisor;
    /** What /readyz reports of this process's start (main.ts fills it in). */
    readiness: Readiness;
  }
  interface FastifyRequest {
    locale: Locale;
    user: AuthUser | null;
  }
}
