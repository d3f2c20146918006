import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MassSmsWorker } from '../../src/modules/mass-sms/worker';
import { createTestApp, type TestApp } from '../helpers';
import { waitFor } from '../smpp/support/wait';
import { confirmOk, numbers, sender } from './support';

/**
 * A claim loop keeps a bounded number of sends going (its share of four times the connectors'
 * capacity, at least 32; an HTTP gateway takes 16 at once), not its whole batch: a slow provider sees
 * that many requests at a time, and every message still goes out once.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sends in flight per claim loop', () => {
  it('a batch of 150 to a slow HTTP provider: at most 64 requests at once for one loop, each message once', async () => {
    const admin = await sender(t, '100');
    let open = 0;
    let mostOpen = 0;
    const seen: string[] = [];
    const provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        const { reference } = JSON.parse(raw) as { reference: string };
        seen.push(reference);
        setTimeout(() => {
          open -= 1;
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ id: `p-${reference}` }));
        }, 200);
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/mass-sms/connectors',
        headers: admin.headers,
        payload: {
          kind: 'http',
          name: 'slow provider',
          password: 'tok',
          config: { url: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send` },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const campaign = await confirmOk(t, admin.headers, {
        recipientsText: numbers(150, 79940000000),
        content: 'lanes',
      });
      const worker = new MassSmsWorker({
        db: t.db,
        pollMs: 30,
        batchSize: 200,
        loops: 1,
        connectorsPollMs: 100,
      });
      await worker.start();
      try {
        await waitFor(
          'all sent',
          async () => {
            const rows = await t.db.query<{ n: number }>(
              `select count(*)::int as n from sms_outbound where campaign_id = $1 and status = 'sent'`,
              [campaign.id],
            );
            return rows[0]!.n === 150 ? rows : null;
          },
          20_000,
        );
      } finally {
        await worker.stop();
      }
      // One loop, one HTTP connector (16 at once): max(32, 4 × 16 / 1) = 64 lanes, all of them used.
      expect(mostOpen).toBe(64);
      expect(seen).toHaveLength(150);
      expect(new Set(seen).size).toBe(150);
    } finally {
      await new Promise((resolve) => provider.close(resolve));
      await t.db.query('delete from sms_connectors');
    }
  });
});
