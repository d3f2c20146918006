import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/client';
import { extendClaims, recordSent } from '../../src/modules/mass-sms/queue.repository';
import { createTestApp, type TestApp } from '../helpers';
import { confirmOk, numbers, sender } from './support';

/**
 * The statements that find messages by id, as PostgreSQL caches them: a pooled connection prepares
 * each once and, after a few runs, keeps one generic plan for good. Planned while few messages were
 * queued and many were done, that plan found each id by walking the whole partial due index
 * (`sms_outbound_due_idx`, by next_attempt_at then id): cheap then, 0.7 ms per message once a large
 * campaign was queued. Each must find its ids through the primary key, whatever the queue held when
 * it was planned. PostgreSQL only: PGlite keeps no prepared statements.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

type PlanNode = { 'Index Name'?: string; Plans?: PlanNode[] };
const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

describe.skipIf(!onPostgres)('the by-id statements of the mass SMS queue', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await sender(t, '1000');
    // A few messages queued, many done: the queue of a platform between two campaigns.
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(20, 79930000000),
      content: 'plan',
    });
    await t.db.query(
      `insert into sms_outbound (campaign_id, user_id, phone, text, encoding, segments, status, expires_at)
       select $1, user_id, phone, text, encoding, segments, 'delivered', expires_at
         from sms_outbound, generate_series(1, 500) where campaign_id = $1`,
      [campaign.id],
    );
    await t.db.query('vacuum analyze sms_outbound');
  });
  afterAll(() => t?.close());

  /** The generic plan `statement` gets on this connection once `prepare` has run it. */
  async function genericPlan(
    tx: Queryable,
    statement: string,
    prepare: () => Promise<unknown>,
    args: string,
  ) {
    await tx.query('set local plan_cache_mode = force_generic_plan');
    await prepare();
    const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (format json) execute "${statement}"(${args})`,
    );
    return indexesOf(row!['QUERY PLAN'][0].Plan);
  }

  const nothing = { id: '0', attempts: 1, connectorId: 1 };

  it.each([
    {
      name: 'mass-sms-record-sent',
      run: (tx: Queryable) => recordSent(tx, [{ ...nothing, externalIds: [] }]),
      args: `'{0}', '{1}', '{1}', '{x}', '{NULL}', '{NULL}', '{NULL}'`,
    },
    {
      name: 'mass-sms-extend-claims',
      run: (tx: Queryable) => extendClaims(tx, [nothing], 60),
      args: `'{0}', '{1}', 60`,
    },
  ])('$name finds its messages by primary key', async ({ name, run, args }) => {
    const indexes = await t.db.transaction((tx) => genericPlan(tx, name, () => run(tx), args));
    expect(indexes).toContain('sms_outbound_pkey');
    expect(indexes).not.toContain('sms_outbound_due_idx');
  });
});
