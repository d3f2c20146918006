import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDue as claimCompatWebhooks } from '../../src/compat/webhooks/compat-settings.repository';
import type { Queryable } from '../../src/db/client';
import { claimDueDeliveries } from '../../src/modules/code-delivery/webhook.repository';
import { explainUndone, type PlanNode } from '../explain';
import { createTestApp, createUser, type TestApp } from '../helpers';

/**
 * The webhook queues' claims on a backlog whose rows share their due time (the deliveries of one batch
 * of inbound SMS are inserted by one statement), on statistics taken when nothing was due: the claim
 * walks the due index in order and stops after its batch, instead of reading and sorting every due row
 * (0100-webhook-queue-order.ts). Each claim is run as the worker runs it, under EXPLAIN ANALYZE, and
 * rolled back.
 */
const DONE = 20_000;
const BACKLOG = 5_000;
const LIMIT = 50;

let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t.db)).userId;
  await t.db.query(
    `insert into sms_messages (phone_number, text, source, external_id)
     select '+79990000000', 'x', 'due-claims', i::text from generate_series(1, $1::int) i`,
    [DONE + BACKLOG],
  );
  const smsIds = `select id from sms_messages where source = 'due-claims' order by id`;
  await t.db.query(
    `insert into code_webhook_deliveries (user_id, sms_id, url, status)
     select $1, id, 'https://example.com/hook', 'delivered' from (${smsIds} limit $2) s`,
    [userId, DONE],
  );
  await t.db.query(
    `insert into compat_webhook_outbox (sms_id, user_id, url, payload, delivered_at)
     select id, $1, 'https://example.com/hook', '{}', now() from (${smsIds} limit $2) s`,
    [userId, DONE],
  );
  await t.db.query('analyze code_webhook_deliveries');
  await t.db.query('analyze compat_webhook_outbox');
  // The backlog: one statement each, so every row has the same next_attempt_at.
  await t.db.query(
    `insert into code_webhook_deliveries (user_id, sms_id, url)
     select $1, id, 'https://example.com/hook' from (${smsIds} offset $2) s`,
    [userId, DONE],
  );
  await t.db.query(
    `insert into compat_webhook_outbox (sms_id, user_id, url, payload)
     select id, $1, 'https://example.com/hook', '{}' from (${smsIds} offset $2) s`,
    [userId, DONE],
  );
}, 60_000);
afterAll(() => t?.close());

/** The plan nodes of `claim` as run on the backlog (its statement captured, then explained and undone). */
async function claimPlan(claim: (q: Queryable) => Promise<unknown>): Promise<PlanNode[]> {
  const statements: { text: string; values: readonly unknown[] }[] = [];
  await claim({
    query: async <T>(text: string, values: readonly unknown[] = []) => {
      statements.push({ text, values });
      return [] as T[];
    },
    exec: async () => undefined,
  });
  expect(statements).toHaveLength(1);
  const { text, values } = statements[0]!;
  const nodes = await explainUndone(t.db, text, values);
  expect(nodes[0]!['Actual Rows']).toBe(LIMIT);
  return nodes;
}

describe('claiming a webhook backlog whose rows share their due time', () => {
  it.each([
    ['code webhooks', (q: Queryable) => claimDueDeliveries(q, LIMIT, 60), 'code_webhook_deliveries_due_idx'],
    [
      'sms-activate webhooks',
      (q: Queryable) => claimCompatWebhooks(q, LIMIT, 60),
      'compat_webhook_outbox_due_idx',
    ],
  ] as const)(
    '%s: the due index is walked in order and left after the batch',
    async (_name, claim, index) => {
      const nodes = await claimPlan(claim);
      expect(nodes.filter((node) => node['Node Type'].includes('Sort'))).toEqual([]);
      const walk = nodes.find((node) => node['Index Name'] === index);
      expect(walk?.['Actual Rows']).toBe(LIMIT);
    },
  );
});
