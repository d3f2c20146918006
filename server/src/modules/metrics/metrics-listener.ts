import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { metricsRegistry } from '../../lib/metrics';

/**
 * METRICS_PORT: a listener of its own that serves only `GET /metrics`, without a token, for a scraper on
 * a private network; the public port then need not expose metrics at all.
 */
export async function startMetricsListener(options: { host: string; port: number; log: FastifyBaseLogger }) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error) => {
        options.log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  options.log.info({ address }, 'metrics listening');
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
