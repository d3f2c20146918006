import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = {
  deliveryId: string;
  body: string;
  headers: http.IncomingHttpHeaders;
  answered: number | 'hang';
};

/**
 * A customer's webhook receiver on 127.0.0.1, as an integrator would write it: it verifies the
 * signature as the documentation says and answers each request as `plan` decides (a status, or
 * 'hang' to never answer).
 */
export async function startReceiver(plan: (deliveryId: string, attempt: number) => number | 'hang') {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const deliveryId = String(request.headers['x-jiema-delivery']);
      const attempt = (attempts.get(deliveryId) ?? 0) + 1;
      attempts.set(deliveryId, attempt);
      const answer = plan(deliveryId, attempt);
      received.push({
        deliveryId,
        body: Buffer.concat(chunks).toString('utf8'),
        headers: request.headers,
        answered: answer,
      });
      if (answer === 'hang') return;
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The receiver's check of `X-Jiema-Signature` (the documented recipe). */
export function signatureValid(secret: string, r: Received): boolean {
  const timestamp = String(r.headers['x-jiema-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  const got = String(r.headers['x-jiema-signature']);
  return got.length === expected.length && timingSafeEqual(Buffer.from(got), Buffer.from(expected));
}
