import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MassSmsWorker } from '../../src/modules/mass-sms/worker';
import { createTestApp, type TestApp } from '../helpers';
import { waitFor } from '../smpp/support/wait';
import { confirmOk, httpConnector, numbers, sender } from './support';

/**
 * A claim loop keeps a bounded number of sends going (its share of four times the connectors'
 * capacity, at least 32; an HTTP gateway takes 16 at once), not its whole batch: a slow provider sees
 * that many requests at a time, and every message still goes out once. One whose validity runs out
 * while it waits for a lane fails and is refunded instead of going out late.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** One claim loop taking the whole campaign in one batch. */
const oneLoopWorker = () =>
  new MassSmsWorker({ db: t.db, pollMs: 30, batchSize: 200, loops: 1, connectorsPollMs: 100 });

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
        // Held until 64 are open at once (or 2 s pass), so a busy machine that opens them slowly
        // still shows how many lanes there are, never more.
        const answer = () => {
          open -= 1;
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ id: `p-${reference}` }));
        };
        held.push(answer);
        const timer = setTimeout(() => release(answer), 2000);
        answers.set(answer, timer);
        if (open >= 64) for (const waiting of [...held]) release(waiting);
      });
    });
    const held: Array<() => void> = [];
    const answers = new Map<() => void, NodeJS.Timeout>();
    const release = (answer: () => void) => {
      const at = held.indexOf(answer);
      if (at < 0) return;
      held.splice(at, 1);
      clearTimeout(answers.get(answer));
      answers.delete(answer);
      answer();
    };
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      await httpConnector(t, admin.headers, provider, { name: 'slow provider' });
      const campaign = await confirmOk(t, admin.headers, {
        recipientsText: numbers(150, 79940000000),
        content: 'lanes',
      });
      const worker = oneLoopWorker();
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

  it('a message whose validity ends while it waits for a lane fails, refunded, and is never sent', async () => {
    const admin = await sender(t, '100');
    const seen: string[] = [];
    const held: Array<() => void> = [];
    const provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const { reference } = JSON.parse(raw) as { reference: string };
        seen.push(reference);
        const answer = () =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ id: `p-${reference}` }));
        held.push(answer);
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const worker = oneLoopWorker();
    try {
      await httpConnector(t, admin.headers, provider, { name: 'stuck provider' });
      const campaign = await confirmOk(t, admin.headers, {
        recipientsText: numbers(80, 79950000000),
        content: 'validity',
      });
      await t.db.query(
        `update sms_outbound set expires_at = now() + interval '2 seconds' where campaign_id = $1`,
        [campaign.id],
      );
      await worker.start();
      // The first 64 go out and are held by the provider past the others' validity.
      await waitFor('64 requests', async () => (seen.length === 64 ? seen : null), 10_000);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      for (const answer of held.splice(0)) answer();
      const rows = await waitFor(
        'all done',
        async () => {
          const counts = await t.db.query<{
            status: string;
            error: string | null;
            refunded: boolean;
            n: number;
          }>(
            `select status, error, refunded, count(*)::int as n from sms_outbound where campaign_id = $1
              group by 1, 2, 3 order by 1`,
            [campaign.id],
          );
          return counts.reduce((sum, row) => sum + row.n, 0) === 80 &&
            !counts.some((row) => row.status === 'pending')
            ? counts
            : null;
        },
        15_000,
      );
      expect(rows).toEqual([
        { status: 'failed', error: 'expired', refunded: true, n: 16 },
        { status: 'sent', error: null, refunded: false, n: 64 },
      ]);
      expect(seen).toHaveLength(64);
    } finally {
      await worker.stop();
      for (const answer of held.splice(0)) answer();
      await new Promise((resolve) => provider.close(resolve));
      await t.db.query('delete from sms_connectors');
    }
  });
});
