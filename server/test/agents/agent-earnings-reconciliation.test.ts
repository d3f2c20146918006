import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reconcileAgentActivations } from '../../src/modules/number-sources/agents/agent-endings';
import type { TestApp } from '../helpers';
import { adminCall } from '../inbound/inbound-helpers';
import { buyer, dataOf, expectLedgerConsistent, purchaseBody } from '../store/store-helpers';
import { resellerWorld } from '../upstream/upstream-helpers';
import { activationsOf, addAgent, earningsOf, fakeAgentFor, startHub } from './agent-helpers';
import type { FakeAgent } from './fake-agent';

type OrderDetail = { phones: { rentalId: number; phoneNumber: string }[] };
type AgentCheck = {
  agentCount: number;
  entryCount: number;
  credited: string;
  reversed: string;
  paidOut: string;
  owed: string;
  mismatchCount: number;
  mismatches: {
    agentId: number;
    agentName: string;
    activationId: number | null;
    problem: string;
    expected: string;
    actual: string;
  }[];
};

let t: TestApp;
let pushUrl: string;
let fake: FakeAgent;
let agentId: number;
let agentName: string;
/** The activation sold, and the one sold then refunded. */
let sold: number;
let refunded: number;

const reconciliation = async () => {
  const admin = await adminCall(t);
  return dataOf<{ mismatchCount: number; agents: AgentCheck }>(
    await admin({ method: 'GET', url: '/api/admin/finance/reconciliation' }),
  );
};

/** A sale (20 RUB credited at 0.011), a sale refunded afterwards (credited, reversed), a payout of 20 RUB. */
beforeAll(async () => {
  ({ t, pushUrl } = await startHub());
  const world = await resellerWorld(t.db, `r${Math.random().toString(36).slice(2, 8)}`);
  const farm = await fakeAgentFor(world.appCode, 2);
  fake = farm.agent;
  agentName = `farm-${world.appCode}`;
  const added = await addAgent(t, {
    name: agentName,
    url: fake.url,
    apiKey: farm.key,
    defaultPay: '20',
    rateToUsdt: '0.011',
  });
  agentId = added.id;
  const b = await buyer(t, '10');
  for (const code of ['551100', '662200']) {
    const order = dataOf<OrderDetail>(
      await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
    );
    const { rentalId, phoneNumber } = order.phones[0]!;
    await fake.pushSms(pushUrl, { phone: phoneNumber, from: 'Vk', text: `code ${code}` });
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/finish` }));
    if (code === '662200') {
      // Refunded after the sale (a correction): the reconciliation of activations reports 5, pay reversed.
      await t.db.query('update rentals set refunded_at = now(), refund_amount = 0 where id = $1', [rentalId]);
      expect(await reconcileAgentActivations(t.db, 60_000)).toBe(1);
    }
  }
  [sold, refunded] = (await activationsOf(t, agentId)).map((a) => a.id) as [number, number];
  dataOf(
    await added.admin({
      method: 'POST',
      url: `/api/admin/agents/${agentId}/payouts`,
      payload: { amount: '20', note: 'bank transfer' },
    }),
  );
});
afterAll(async () => {
  await fake?.close();
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
});

describe("the finance reconciliation covers SIM-farm agents' earnings", () => {
  test('credits, the reversal and the payout add up to what is owed; nothing amiss', async () => {
    expect((await earningsOf(t, agentId)).map((e) => [e.kind, e.amount, e.amount_usdt])).toEqual([
      ['sold', '20.000000', '0.220000'],
      ['sold', '20.000000', '0.220000'],
      ['reversed', '-20.000000', '-0.220000'],
      ['payout', '-20.000000', '-0.220000'],
    ]);
    const result = await reconciliation();
    expect(result.mismatchCount).toBe(0);
    expect(result.agents).toEqual({
      agentCount: 1,
      entryCount: 4,
      credited: '0.440000',
      reversed: '-0.220000',
      paidOut: '-0.220000',
      owed: '0.000000',
      mismatchCount: 0,
      mismatches: [],
    });
  });

  test('a sale without its credit is listed, and the payout then exceeds what was earned', async () => {
    const [entry] = await t.db.query<{ id: number }>(
      `delete from agent_earnings where activation_id = $1 and kind = 'sold' returning id`,
      [sold],
    );
    try {
      const { agents } = await reconciliation();
      expect(agents.mismatchCount).toBe(2);
      expect(agents.mismatches).toEqual([
        {
          agentId,
          agentName,
          activationId: null,
          problem: 'overpaid',
          expected: '0.000000',
          actual: '-20.000000',
        },
        {
          agentId,
          agentName,
          activationId: sold,
          problem: 'sale_not_credited',
          expected: '20.000000',
          actual: '0.000000',
        },
      ]);
      expect(agents.owed).toBe('-0.220000');
    } finally {
      await t.db.query(
        `insert into agent_earnings (id, agent_id, activation_id, kind, amount, amount_usdt)
         overriding system value values ($1, $2, $3, 'sold', 20, 0.22)`,
        [entry!.id, agentId, sold],
      );
    }
    expect((await reconciliation()).agents.mismatchCount).toBe(0);
  });

  test('a refunded sale whose credit stands, a credit of the wrong amount, a credit for what was not sold', async () => {
    const [reversal] = await t.db.query<{ id: number }>(
      `delete from agent_earnings where activation_id = $1 and kind = 'reversed' returning id`,
      [refunded],
    );
    await t.db.query(`update agent_earnings set amount = 25 where activation_id = $1 and kind = 'sold'`, [
      sold,
    ]);
    try {
      const first = await reconciliation();
      expect(first.agents.mismatches).toEqual([
        {
          agentId,
          agentName,
          activationId: sold,
          problem: 'wrong_amount',
          expected: '20.000000',
          actual: '25.000000',
        },
        {
          agentId,
          agentName,
          activationId: refunded,
          problem: 'refund_not_reversed',
          expected: '-20.000000',
          actual: '0.000000',
        },
      ]);
      await t.db.query('update agent_activations set finish_status = 4 where id = $1', [sold]);
      const second = await reconciliation();
      expect(second.agents.mismatches.map((m) => [m.activationId, m.problem])).toEqual([
        [sold, 'credit_without_sale'],
        [sold, 'wrong_amount'],
        [refunded, 'refund_not_reversed'],
      ]);
      // The customers' balances are not concerned.
      expect(second.mismatchCount).toBe(0);
    } finally {
      await t.db.query('update agent_activations set finish_status = 3 where id = $1', [sold]);
      await t.db.query(`update agent_earnings set amount = 20 where activation_id = $1 and kind = 'sold'`, [
        sold,
      ]);
      await t.db.query(
        `insert into agent_earnings (id, agent_id, activation_id, kind, amount, amount_usdt)
         overriding system value values ($1, $2, $3, 'reversed', -20, -0.22)`,
        [reversal!.id, agentId, refunded],
      );
    }
    expect((await reconciliation()).agents.mismatchCount).toBe(0);
  });
});
