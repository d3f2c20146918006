import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/client';
import {
  type ClaimedMessage,
  claimDue,
  extendClaims,
  recordSent,
} from '../../src/modules/mass-sms/queue.repository';
import { storeReceipts } from '../../src/modules/mass-sms/receipts.repository';
import { messageIdKeys } from '../../src/modules/smpp/receipt';
import { explainUndone } from '../explain';
import { createTestApp, type TestApp } from '../helpers';
import { confirmOk, numbers, sender } from './support';

/**
 * The statements that find a batch of messages by id, planned the way PostgreSQL plans them in the
 * worst case that is also the usual one: the table's statistics taken between two campaigns (every
 * message done: they say none is pending or sent), then a campaign of thousands queued. Each statement
 * is run as the worker runs it (a prepared statement), under both plans PostgreSQL may pick for it
 * (custom, with the values; generic, cached for good), with EXPLAIN ANALYZE on a real batch. A plan
 * that believed the statistics paired every message of the table with every one of the batch (the
 * rows its join filter removed) or walked the partial due index for each id. PostgreSQL only: PGlite
 * keeps no prepared statements and serves one process.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const QUEUED = 5000;
const BATCH = 1500;

const literal = (values: readonly (string | number | boolean | null)[]) =>
  `'{${values.map((v) => (v === null ? 'NULL' : `"${v}"`)).join(',')}}'`;

describe.skipIf(!onPostgres)(
  'the by-id statements of the mass SMS queue, on statistics that say nothing is queued',
  () => {
    let t: TestApp;
    let claimed: ClaimedMessage[];
    let sentIds: string[];
    let oneSent: ClaimedMessage;

    beforeAll(async () => {
      t = await createTestApp();
      const admin = await sender(t, '1000');
      const done = await confirmOk(t, admin.headers, {
        recipientsText: numbers(QUEUED, 79930000000),
        content: 'done',
      });
      await t.db.query(
        `update sms_outbound set status = 'delivered', done_at = now() where campaign_id = $1`,
        [done.id],
      );
      await t.db.query('analyze sms_outbound');
      const queued = await confirmOk(t, admin.headers, {
        recipientsText: numbers(QUEUED, 79940000000),
        content: 'queued',
      });
      claimed = (await claimDue(t.db, BATCH + 1, 600)).filter((m) => m.campaignId === queued.id);
      expect(claimed).toHaveLength(BATCH + 1);
      oneSent = claimed.pop()!;
      await t.db.transaction((tx) =>
        recordSent(tx, [
          { id: oneSent.id, attempts: oneSent.attempts, connectorId: 1, externalIds: ['plan-1'] },
        ]),
      );
      const sent = await t.db.query<{ id: string }>(
        `update sms_outbound set status = 'sent', submitted_at = now()
        where id in (select id from sms_outbound where campaign_id = $1 and status = 'pending' and claimed_until is null
                     order by id limit $2)
       returning id::text as id`,
        [queued.id, BATCH],
      );
      sentIds = sent.map((row) => row.id);
    }, 60_000);
    afterAll(() => t?.close());

    /**
     * `statement` prepared on one connection by `prepare`, then run on the batch by EXPLAIN ANALYZE under
     * `mode`, all undone afterwards: the nodes of the plan it ran.
     */
    const plannedRun = (
      statement: string,
      prepare: (tx: Queryable) => Promise<unknown>,
      args: string,
      mode: 'force_custom_plan' | 'force_generic_plan',
    ) =>
      explainUndone(t.db, `execute "${statement}"(${args})`, [], async (tx) => {
        await prepare(tx);
        await tx.query(`set local plan_cache_mode = ${mode}`);
      });

    const statements = [
      {
        name: 'mass-sms-record-sent',
        prepare: (tx: Queryable) =>
          recordSent(tx, [{ id: '0', attempts: 1, connectorId: 1, externalIds: [] }]),
        args: () =>
          [
            literal(claimed.map((m) => m.id)),
            literal(claimed.map((m) => m.attempts)),
            literal(claimed.map(() => 1)),
            literal(claimed.map((m) => `x${m.id}`)),
            literal(claimed.map(() => null)),
            literal(claimed.map(() => null)),
            `'${JSON.stringify(claimed.map(() => null))}'`,
          ].join(', '),
      },
      {
        name: 'mass-sms-extend-claims',
        prepare: (tx: Queryable) => extendClaims(tx, [{ id: '0', attempts: 1 }], 600),
        args: () =>
          [literal(claimed.map((m) => m.id)), literal(claimed.map((m) => m.attempts)), '600'].join(', '),
      },
      {
        name: 'mass-sms-apply-receipts',
        prepare: (tx: Queryable) =>
          storeReceipts(tx, [
            {
              connectorId: 1,
              keys: messageIdKeys('plan-1'),
              outcome: 'delivered',
              error: null,
              externalId: 'plan-1',
              stat: 'DELIVRD',
              raw: null,
            },
          ]),
        args: () =>
          [
            literal(sentIds),
            literal(sentIds.map(() => 1)),
            literal(sentIds.map(() => 'delivered')),
            literal(sentIds.map(() => null)),
            literal(sentIds.map(() => false)),
          ].join(', '),
      },
    ];

    for (const { name, prepare, args } of statements) {
      for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
        it(`${name} (${mode === 'force_custom_plan' ? 'custom' : 'generic'} plan) touches each message of the batch once`, async () => {
          const nodes = await plannedRun(name, prepare, args(), mode);
          expect(nodes.length).toBeGreaterThan(0);
          const pairsDropped = Math.max(0, ...nodes.map((n) => n['Rows Removed by Join Filter'] ?? 0));
          expect(pairsDropped).toBeLessThan(BATCH * 4);
          expect(nodes.map((n) => n['Index Name'])).not.toContain('sms_outbound_due_idx');
        });
      }
    }
  },
);
