import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDue, recordSent } from '../../src/modules/mass-sms/queue.repository';
import { storeReceipts } from '../../src/modules/mass-sms/receipts.repository';
import { createTestApp, type TestApp } from '../helpers';
import { confirmOk, numbers, sender } from './support';

/**
 * How submit results are recorded: a message whose receipt came with its result is written final at
 * once, its receipt kept on it, and needs no id lookup row; every other one keeps the rows its receipts are matched by, also
 * when its claim was lost to a later attempt. A receipt for a message already final is kept, not lost.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof sender>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await sender(t, '1000');
});
afterAll(() => t.close());

const partsOf = async (id: string) =>
  (
    await t.db.query<{ id_key: string }>(
      'select id_key from sms_outbound_parts where message_id = $1 order by id_key',
      [id],
    )
  ).map((row) => row.id_key);

const statusOf = async (id: string) =>
  (await t.db.query<{ status: string }>('select status from sms_outbound where id = $1', [id]))[0]!.status;

describe('recording submit results', () => {
  it('writes a message final with its receipt and no lookup rows; the others keep theirs', async () => {
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(3, 79920000000),
      content: 'record',
    });
    const claimed = (await claimDue(t.db, 100, 60)).filter((m) => m.campaignId === campaign.id);
    expect(claimed).toHaveLength(3);
    const [early, later, lost] = claimed as [(typeof claimed)[0], (typeof claimed)[0], (typeof claimed)[0]];
    const connectorId = 1;
    const sent = [
      { id: early.id, attempts: early.attempts, connectorId, externalIds: ['1a'], smpp: true },
      { id: later.id, attempts: later.attempts, connectorId, externalIds: ['1b'], smpp: true },
      // Its claim lapsed and was taken again: this attempt's result is not recorded.
      { id: lost.id, attempts: lost.attempts - 1, connectorId, externalIds: ['1c'], smpp: true },
    ];
    const finals = new Map([
      [early.id, { status: 'delivered' as const, error: null, raw: { text: 'id:26 stat:DELIVRD' } }],
      [lost.id, { status: 'delivered' as const, error: null, raw: { text: 'id:28 stat:DELIVRD' } }],
    ]);
    const recorded = await t.db.transaction((tx) => recordSent(tx, sent, finals));
    expect([...recorded].sort()).toEqual([early.id, later.id].sort());
    expect(await statusOf(early.id)).toBe('delivered');
    expect(await statusOf(later.id)).toBe('sent');
    expect(await statusOf(lost.id)).toBe('pending');
    expect(await partsOf(early.id)).toEqual([]);
    // Its receipt is kept on it, as received; the others have none yet.
    const receipts = await t.db.query<{ id: string; receipt: unknown }>(
      'select id::text as id, receipt from sms_outbound where id = any($1::bigint[]) order by id',
      [[early.id, later.id, lost.id]],
    );
    expect(Object.fromEntries(receipts.map((row) => [row.id, row.receipt]))).toEqual({
      [early.id]: { text: 'id:26 stat:DELIVRD' },
      [later.id]: null,
      [lost.id]: null,
    });
    expect(await partsOf(later.id)).toEqual([`#${0x1b}`]);
    // Not recorded: its receipt goes the general way, by the lookup rows.
    expect(await partsOf(lost.id)).toEqual([`#${0x1c}`]);

    // The later one's receipt, in decimal, is matched by its rows; a repeat of the early one's is kept.
    const receipt = (id: string) => ({
      connectorId,
      keys: [`#${BigInt(`0x${id}`).toString(10)}`, id],
      outcome: 'delivered' as const,
      error: null,
      externalId: id,
      stat: 'DELIVRD',
      raw: { text: `id:${id} stat:DELIVRD` },
    });
    const pending = await t.db.transaction((tx) => storeReceipts(tx, [receipt('1b'), receipt('1a')]));
    expect(pending).toBe(1);
    expect(await statusOf(later.id)).toBe('delivered');
    expect(await statusOf(early.id)).toBe('delivered');
    const kept = await t.db.query<{ external_id: string }>(
      `select external_id from sms_delivery_reports where external_id in ('1a', '1b') order by external_id`,
    );
    expect(kept.map((row) => row.external_id)).toEqual(['1a', '1b']);
  });
});
