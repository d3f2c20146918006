import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MassSmsWorker } from '../../src/modules/mass-sms/worker';
import { createTestApp, type TestApp } from '../helpers';
import { FakeSmsc } from '../smpp/support/fake-smsc';
import { waitFor } from '../smpp/support/wait';
import { balanceOf, confirmOk, ledgerSum, numbers, sender } from './support';

let t: TestApp;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await t.db.query('delete from sms_connectors');
});
afterAll(() => t.close());

const TOTAL = 1500;

describe('cancelling a campaign that is sending', () => {
  it('stops every message not handed to the SMSC within a second, claimed ones too, and refunds exactly those once', async () => {
    const smsc = await FakeSmsc.start();
    cleanups.push(() => smsc.close());
    smsc.submitResponseDelayMs = 5;
    const s = await sender(t, '1000');
    await t.db.query("insert into sms_accounts (user_id, plan) values ($1, 'pro')", [s.userId]);
    const connector = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mass-sms/connectors',
      headers: s.headers,
      payload: {
        kind: 'smpp',
        name: 'slow smsc',
        password: 'secret',
        defaultSenderId: 'Jiema',
        // 300 msg/s: 1,500 take five seconds, and the worker's loops claim them all at once (500 a batch).
        throughputPerSecond: 300,
        config: { host: '127.0.0.1', port: smsc.port, systemId: 'jiema', window: 20 },
      },
    });
    expect(connector.statusCode, connector.body).toBe(200);
    const worker = new MassSmsWorker({ db: t.db, pollMs: 30, connectorsPollMs: 100 });
    cleanups.push(() => worker.stop());
    await worker.start();
    await smsc.waitForBind();

    const campaign = await confirmOk(t, s.headers, { recipientsText: numbers(TOTAL), content: 'Sale now' });
    expect(campaign.amount).toBe('60.000000');
    await waitFor('sending under way', () => smsc.submits.length >= 150, 15_000);
    const claimed = await t.db.query<{ n: number }>(
      `select count(*)::int as n from sms_outbound where campaign_id = $1 and status = 'pending' and claimed_until > now()`,
      [campaign.id],
    );
    // The attack's case: most of what is left is claimed by the worker when the cancel comes.
    expect(claimed[0]!.n).toBeGreaterThan(500);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/mass-sms/campaigns/${campaign.id}/cancel`,
      headers: s.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const atCancel = smsc.submits.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const secondLater = smsc.submits.length;

    const settled = await waitFor(
      'every message settled',
      async () => {
        const rows = await t.db.query<{ pending: number; sent: number; refunded: number; failed: number }>(
          `select count(*) filter (where status = 'pending')::int as pending,
                  count(*) filter (where status in ('sent', 'delivered'))::int as sent,
                  count(*) filter (where refunded)::int as refunded,
                  count(*) filter (where status = 'failed')::int as failed
             from sms_outbound where campaign_id = $1`,
          [campaign.id],
        );
        return rows[0]!.pending === 0 ? rows[0]! : null;
      },
      15_000,
    );
    // Nothing went on the wire a second after the cancel was acknowledged.
    expect(smsc.submits.length).toBe(secondLater);
    expect(secondLater - atCancel).toBeLessThan(400);
    // Sent and refunded add up to the campaign, and what was sent is exactly what the SMSC took.
    expect(settled.sent).toBe(smsc.submits.length);
    expect(settled.sent + settled.refunded).toBe(TOTAL);
    expect(settled.failed).toBe(settled.refunded);
    expect(settled.refunded).toBeGreaterThan(TOTAL / 2);

    // Each refunded once: the campaign's refunds, the ledger and the balance agree to the micro-unit.
    const [sums] = await t.db.query<{ refunded_amount: string; refunds: string }>(
      `select c.refunded_amount::text,
              (select coalesce(sum(amount), 0)::text from ledger_entries where user_id = c.user_id and type = 'refund') as refunds
         from sms_campaigns c where c.id = $1`,
      [campaign.id],
    );
    const refundedMicros = BigInt(settled.refunded) * 40_000n;
    expect(sums!.refunded_amount).toBe(micros(refundedMicros));
    expect(sums!.refunds).toBe(micros(refundedMicros));
    expect(await balanceOf(t.db, s.userId)).toBe(micros(1_000_000_000n - BigInt(settled.sent) * 40_000n));
    expect(await ledgerSum(t.db, s.userId)).toBe(await balanceOf(t.db, s.userId));
    const [usage] = await t.db.query<{ messages: number }>(
      'select coalesce(sum(messages), 0)::int as messages from sms_usage_days where user_id = $1',
      [s.userId],
    );
    expect(usage!.messages).toBe(settled.sent);
  }, 40_000);
});

const micros = (value: bigint) => `${value / 1_000_000n}.${(value % 1_000_000n).toString().padStart(6, '0')}`;
