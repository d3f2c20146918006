import { timingSafeEqual } from 'node:crypto';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { httpRequests, metricsRegistry, smppBindCounters } from '../../lib/metrics';
import { registerDatabaseGauges } from './database-gauges';

export const metricsEnabled = (config: Config) => Boolean(config.metrics.token || config.metrics.port);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics, off unless METRICS_TOKEN or METRICS_PORT is set (then the per-request timing hook
 * runs too; off, it costs nothing). With a token, `GET /metrics` on this port answers only a caller that
 * sends it as a bearer token; the separate listener (metrics-listener.ts) needs none.
 */
export function registerMetrics(app: App, { db, config }: { db: Db; config: Config }) {
  if (!metricsEnabled(config)) return;
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the URL: a URL per code link or order would be a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const unregister = registerDatabaseGauges(db, config);
  smppBindCounters.set('gateway', () => {
    let up = 0;
    for (const state of app.smppConnectors.localStates().values()) if (state.status === 'bound') up += 1;
    return up;
  });
  app.addHook('onClose', async () => {
    unregister();
    smppBindCounters.delete('gateway');
  });

  const token = config.metrics.token;
  if (!token) return;
  app.get(
    '/metrics',
    { config: { auth: 'none', scriptsOnly: true }, schema: { hide: true } },
    async (request, reply) => {
      const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
      if (!sameSecret(given, token)) throw new AppError('UNAUTHORIZED');
      reply.header('content-type', metricsRegistry.contentType);
      return metricsRegistry.metrics();
    },
  );
}
