import http from 'node:http';
import { onCleanup } from './cleanup.mjs';

/**
 * A customer's webhook receiver on loopback: answers every POST with 204 and keeps what came, to tell
 * afterwards whether each code arrived and whether anything arrived twice (by delivery id, and by SMS).
 */
export async function startWebhookSink() {
  const deliveries = new Map(); // deliveryId → times received
  const smsSeen = new Map(); // smsId → times received (different deliveries of one SMS would be a double)
  const arrivals = []; // { rentalId, code, at }
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      try {
        const event = JSON.parse(body);
        deliveries.set(event.deliveryId, (deliveries.get(event.deliveryId) ?? 0) + 1);
        if ((deliveries.get(event.deliveryId) ?? 0) === 1) {
          smsSeen.set(event.smsId, (smsSeen.get(event.smsId) ?? 0) + 1);
          arrivals.push({ rentalId: Number(event.rentalId), code: event.code, at: Date.now() });
        }
      } catch {
        // A body that is no JSON is counted nowhere: the report shows fewer arrivals.
      }
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise((resolve) => server.close(resolve)));
  const counts = (map) => [...map.values()];
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    arrivals,
    summary: () => ({
      deliveries: deliveries.size,
      redelivered: counts(deliveries).filter((n) => n > 1).length,
      smsDeliveredTwice: counts(smsSeen).filter((n) => n > 1).length,
    }),
  };
}
