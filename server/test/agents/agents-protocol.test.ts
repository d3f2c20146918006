import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { reconcileAgentActivations } from '../../src/modules/number-sources/agents/agent-endings';
import { agentPurchaseFaults } from '../../src/modules/number-sources/agents/agent-purchase';
import { pollDueAgents } from '../../src/modules/number-sources/agents/agents-poll';
import { sendDueFinishes } from '../../src/modules/number-sources/agents/finish-outbox';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import { apiUser, sa } from '../compat/compat-helpers';
import { createUser, expectErrorEnvelope, login, type TestApp } from '../helpers';
import {
  as,
  backdate,
  balanceOf,
  buyer,
  dataOf,
  expectLedgerConsistent,
  purchaseBody,
} from '../store/store-helpers';
import { resellerWorld } from '../upstream/upstream-helpers';
import { activationsOf, addAgent, earningsOf, fakeAgentFor, startHub } from './agent-helpers';
import type { FakeAgent } from './fake-agent';

type OrderDetail = {
  id: number;
  amount: string;
  phones: { rentalId: number; phoneNumber: string; token: string }[];
};
type Rental = { id: number; status: string; latestCode: string | null; refundedAmount: string | null };

let t: TestApp;
let pushUrl: string;
const agents: FakeAgent[] = [];

beforeAll(async () => {
  ({ t, pushUrl } = await startHub());
});
afterAll(async () => {
  agentPurchaseFaults.afterGiven = null;
  for (const a of agents) await a.close();
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
});

/** An application of its own (priced 0.5 USDT an activation) and an agent offering it with `sims` US numbers. */
async function setup(
  sims = 3,
  extra: Parameters<typeof addAgent>[1] extends infer I ? Partial<I> : never = {},
) {
  const world = await resellerWorld(t.db, `a${Math.random().toString(36).slice(2, 8)}`);
  const fake = await fakeAgentFor(world.appCode, sims);
  agents.push(fake.agent);
  const added = await addAgent(t, {
    name: `farm-${world.appCode}`,
    url: fake.agent.url,
    apiKey: fake.key,
    ...extra,
  });
  expect(added.tested.statusCode, added.tested.body).toBe(200);
  return { world, ...fake, agentId: added.id, admin: added.admin };
}

const buy = (
  b: Awaited<ReturnType<typeof buyer>>,
  world: Awaited<ReturnType<typeof resellerWorld>>,
  extra = {},
) =>
  b.call({
    method: 'POST',
    url: '/api/store/orders',
    payload: { ...purchaseBody(world), ...extra },
    locale: 'en-US',
  });

const rentalOf = async (b: Awaited<ReturnType<typeof buyer>>, id: number) =>
  dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${id}` }));

const smsOf = (phone: string) =>
  t.db.query<{
    id: number;
    rental_id: number | null;
    code: string | null;
    source: string;
    external_id: string;
  }>(
    'select id, rental_id, code, source, external_id from sms_messages where phone_number = $1 order by id',
    [phone],
  );

describe('the agents screen API', () => {
  test('add (key masked), Test shows the offers, names mapped, quantities in the store; permissions and errors', async () => {
    const { world, agentId, admin, key, sims } = await setup(3, {
      payRates: [],
      defaultPay: '20',
    });
    const list = dataOf<{ id: number; apiKeyHint: string; quantity: number; lastPollAt: string | null }[]>(
      await admin({ method: 'GET', url: '/api/admin/agents' }),
    );
    const mine = list.find((a) => a.id === agentId)!;
    expect(mine.apiKeyHint).toBe(`••••${key.slice(-4)}`);
    expect(JSON.stringify(list)).not.toContain(key);
    expect(mine.quantity).toBe(3);
    expect(mine.lastPollAt).not.toBeNull();

    const tested = dataOf<{
      latencyMs: number;
      offers: { service: string; count: number; applicationId: number | null; countryCode: string | null }[];
    }>(await admin({ method: 'POST', url: `/api/admin/agents/${agentId}/test` }));
    expect(tested.offers).toEqual([
      {
        country: 'usa',
        operator: 'verizon',
        service: world.appCode,
        count: sims.length,
        applicationId: world.appId,
        countryCode: 'US',
      },
    ]);
    const mappings = dataOf<{ kind: string; code: string; effectiveRef: string | null }[]>(
      await admin({ method: 'GET', url: `/api/admin/agents/${agentId}/mappings` }),
    );
    expect(mappings).toContainEqual(
      expect.objectContaining({ kind: 'country', code: 'usa', effectiveRef: 'US' }),
    );
    expect(mappings).toContainEqual(
      expect.objectContaining({ kind: 'service', code: world.appCode, effectiveRef: String(world.appId) }),
    );

    const b = await buyer(t);
    const availability = dataOf<{ countries: { code: string; stock: { new: number } }[] }>(
      await b.call({ method: 'GET', url: `/api/store/availability?applicationId=${world.appId}` }),
    );
    expect(availability.countries.find((c) => c.code === 'US')?.stock.new).toBe(3);

    // An override to '' (never map) takes the agent's numbers out of the store at the next poll.
    dataOf(
      await admin({
        method: 'PUT',
        url: `/api/admin/agents/${agentId}/mappings`,
        payload: { kind: 'service', code: world.appCode, ref: '' },
      }),
    );
    await admin({ method: 'POST', url: `/api/admin/agents/${agentId}/test` });
    const after = dataOf<{ countries: { code: string; stock: { new: number } }[] }>(
      await b.call({ method: 'GET', url: `/api/store/availability?applicationId=${world.appId}` }),
    );
    expect(after.countries.find((c) => c.code === 'US')?.stock.new ?? 0).toBe(0);

    // Bad input: a clear error in the caller's language, nothing written.
    const bad = await admin({
      method: 'POST',
      url: '/api/admin/agents',
      payload: {
        name: 'x',
        url: 'http://127.0.0.1:1/',
        apiKey: 'k'.repeat(10),
        currency: 978,
        rateToUsdt: '1',
        defaultPay: '1',
      },
      locale: 'en-US',
    });
    expectErrorEnvelope(bad, 400);
    expect(bad.json().message).toMatch(/643 \(rubles\) or 840/);
    const badZh = await admin({
      method: 'POST',
      url: '/api/admin/agents',
      payload: {
        name: 'x',
        url: 'http://127.0.0.1:1/',
        apiKey: 'k'.repeat(10),
        currency: 978,
        rateToUsdt: '1',
        defaultPay: '1',
      },
    });
    expect(badZh.json().message).toMatch(/卢布/);
    const dupKey = await admin({
      method: 'POST',
      url: '/api/admin/agents',
      payload: {
        name: 'other',
        url: 'http://127.0.0.1:1/',
        apiKey: key,
        currency: 840,
        rateToUsdt: '1',
        defaultPay: '1',
      },
      locale: 'en-US',
    });
    expectErrorEnvelope(dupKey, 409);
    expect(dupKey.json().error).toBe('AGENT_KEY_TAKEN');

    // A customer has none of these permissions.
    const customer = await createUser(t.db);
    const call = as(t, await login(t, customer.username, customer.password));
    for (const [method, url] of [
      ['GET', '/api/admin/agents'],
      ['POST', `/api/admin/agents/${agentId}/test`],
      ['GET', `/api/admin/agents/${agentId}/state`],
      ['POST', `/api/admin/agents/${agentId}/payouts`],
    ] as const) {
      const res = await call({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('a purchase served by an agent', () => {
  test('GET_NUMBER with sum/currency, PUSH_SMS to the code and its link, finish → FINISH 3 once, the agent credited', async () => {
    const { world, agent, agentId, admin } = await setup(2, {
      payRates: [],
      defaultPay: '20',
    });
    // A pay line for this (application, country) beats the default.
    const [app] = await t.db.query<{ id: number }>('select id from applications where id = $1', [
      world.appId,
    ]);
    dataOf(
      await admin({
        method: 'PUT',
        url: `/api/admin/agents/${agentId}`,
        payload: {
          name: `farm-${world.appCode}`,
          url: agent.url,
          currency: 643,
          rateToUsdt: '0.011',
          defaultPay: '20',
          payRates: [{ applicationId: app!.id, countryCode: 'us', amount: '25.5' }],
          enabled: true,
          priority: 0,
        },
      }),
    );
    const b = await buyer(t, '10');
    const res = await buy(b, world);
    const order = dataOf<OrderDetail>(res);
    expect(order.amount).toBe('0.500000');
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    const ask = agent.state.requests.find((r) => r.action === 'GET_NUMBER')!;
    // The protocol's request: gzip, a User-Agent, numbers as JSON numbers, rubles with 2 decimals.
    expect(ask.headers['content-encoding']).toBe('gzip');
    expect(ask.headers['user-agent']).toMatch(/Jiema/);
    expect(ask.raw).toContain('"sum":25.50');
    expect(ask.body).toMatchObject({
      country: 'usa',
      operator: 'verizon',
      service: world.appCode,
      currency: 643,
    });
    expect(ask.body.exceptionPhoneSet).toBeUndefined();

    const phone = order.phones[0]!.phoneNumber;
    const rentalId = order.phones[0]!.rentalId;
    // A long-polling code link is waiting when the farm pushes the SMS.
    const link = t.app.inject({ method: 'GET', url: `/api/code/${order.phones[0]!.token}?wait=10` });
    await new Promise((r) => setTimeout(r, 100));
    await agent.pushSms(pushUrl, { phone, from: 'Vk', text: 'VK: 33708 – your code' });
    expect((await link).body).toContain('33708');
    expect((await rentalOf(b, rentalId)).latestCode).toBe('33708');

    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/finish` }));
    const [a] = await activationsOf(t, agentId);
    expect(a).toMatchObject({ state: 'ended', finish_status: 3, rental_id: rentalId });
    expect(await sendDueFinishes(t.db, t.config)).toBe(1);
    expect(await sendDueFinishes(t.db, t.config)).toBe(0);
    expect(agent.finishesOf().map((f) => f.body)).toEqual([
      expect.objectContaining({ activationId: 355, status: 3 }),
    ]);
    expect(await earningsOf(t, agentId)).toEqual([
      { kind: 'sold', amount: '25.500000', amount_usdt: '0.280500', activation_id: a!.id },
    ]);
    const listed = dataOf<{ id: number; owed: string; soldActivations: number; smsReceived: number }[]>(
      await admin({ method: 'GET', url: '/api/admin/agents' }),
    ).find((x) => x.id === agentId)!;
    expect(listed).toMatchObject({ owed: '25.500000', soldActivations: 1, smsReceived: 1 });

    // A payout: never more than owed; then owed goes down by it.
    const tooMuch = await admin({
      method: 'POST',
      url: `/api/admin/agents/${agentId}/payouts`,
      payload: { amount: '30' },
      locale: 'en-US',
    });
    expectErrorEnvelope(tooMuch, 400);
    expect(tooMuch.json().error).toBe('AGENT_PAYOUT_TOO_LARGE');
    const paid = dataOf<{ owed: string }>(
      await admin({
        method: 'POST',
        url: `/api/admin/agents/${agentId}/payouts`,
        payload: { amount: '20.5', note: 'bank' },
      }),
    );
    expect(paid.owed).toBe('5.000000');
  });

  test('cancel → FINISH 4 and the customer refunded; refunded after a sale → 5 and the pay reversed; status 1 on request', async () => {
    const { world, agent, agentId, admin } = await setup(3);
    const b = await buyer(t, '10');
    const first = dataOf<OrderDetail>(await buy(b, world));
    const rentalId = first.phones[0]!.rentalId;
    await backdate(t.db, [rentalId], { boughtMinutesAgo: 3 });
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/cancel` }));
    expect((await rentalOf(b, rentalId)).status).toBe('cancelled');
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    await sendDueFinishes(t.db, t.config);
    expect(agent.finishesOf(4)).toHaveLength(1);

    // Its SMS came, then an administrator cancelled the order (refunded): 5, nothing credited.
    const second = dataOf<OrderDetail>(await buy(b, world));
    await agent.pushSms(pushUrl, { phone: second.phones[0]!.phoneNumber, from: 'Vk', text: 'code 441122' });
    dataOf(await admin({ method: 'POST', url: `/api/admin/orders/${second.id}/cancel` }));
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect(await reconcileAgentActivations(t.db, 60_000)).toBe(1);
    expect(await reconcileAgentActivations(t.db, 60_000)).toBe(0);
    await sendDueFinishes(t.db, t.config);
    expect(agent.finishesOf(5)).toHaveLength(1);
    expect(await earningsOf(t, agentId)).toEqual([]);

    // Sold (3, credited), then refunded afterwards (a correction in the database): 5, the pay reversed.
    const third = dataOf<OrderDetail>(await buy(b, world));
    const r3 = third.phones[0]!.rentalId;
    await agent.pushSms(pushUrl, { phone: third.phones[0]!.phoneNumber, from: 'Vk', text: 'code 771122' });
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${r3}/finish` }));
    await t.db.query('update rentals set refunded_at = now(), refund_amount = 0 where id = $1', [r3]);
    expect(await reconcileAgentActivations(t.db, 60_000)).toBe(1);
    await sendDueFinishes(t.db, t.config);
    const sold = (await activationsOf(t, agentId)).at(-1)!;
    expect(sold.finish_status).toBe(5);
    expect(agent.finishesOf(3)).toHaveLength(1);
    expect(agent.finishesOf(5)).toHaveLength(2);
    const earnings = await earningsOf(t, agentId);
    expect(earnings.map((e) => [e.kind, e.amount])).toEqual([
      ['sold', '20.000000'],
      ['reversed', '-20.000000'],
    ]);

    // Status 1: the number is not to be offered again for this service.
    dataOf(
      await admin({ method: 'POST', url: `/api/admin/agents/${agentId}/activations/${sold!.id}/not-again` }),
    );
    await sendDueFinishes(t.db, t.config);
    expect(agent.finishesOf(1)).toHaveLength(1);
  });

  test('an activation the sweeper ends on our clock is reported: without an SMS 4, with one 3', async () => {
    const { world, agent, agentId } = await setup(2);
    const b = await buyer(t, '10');
    const quiet = dataOf<OrderDetail>(await buy(b, world));
    const coded = dataOf<OrderDetail>(await buy(b, world));
    await agent.pushSms(pushUrl, { phone: coded.phones[0]!.phoneNumber, from: 'Vk', text: 'code 909090' });
    await backdate(t.db, [quiet.phones[0]!.rentalId, coded.phones[0]!.rentalId], {
      boughtMinutesAgo: 30,
      expired: true,
    });
    await sweepRentals(t.db, { cooldownMinutes: 0 });
    expect(await reconcileAgentActivations(t.db, 60_000)).toBe(2);
    await sendDueFinishes(t.db, t.config);
    const rows = await activationsOf(t, agentId);
    expect(rows.map((r) => r.finish_status)).toEqual([4, 3]);
    expect(
      agent
        .finishesOf()
        .map((f) => f.body.status)
        .sort(),
    ).toEqual([3, 4]);
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
  });

  test('a crash between the agent’s answer and our commit: the number is cancelled at the agent, nothing charged', async () => {
    const { world, agent, agentId } = await setup(1);
    const b = await buyer(t, '10');
    agentPurchaseFaults.afterGiven = () => {
      throw new Error('killed');
    };
    const res = await buy(b, world);
    agentPurchaseFaults.afterGiven = null;
    expect(res.statusCode).toBe(500);
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect((await activationsOf(t, agentId))[0]!.state).toBe('given');
    expect(await reconcileAgentActivations(t.db, 0)).toBe(1);
    await sendDueFinishes(t.db, t.config);
    expect((await activationsOf(t, agentId))[0]).toMatchObject({ state: 'refused', finish_status: 4 });
    expect(agent.finishesOf(4)).toHaveLength(1);
  });
});

describe("the protocol's seven test points, from the hub's side", () => {
  test('1. finishing is idempotent: retried until SUCCESS, in effect once, never by the agent itself', async () => {
    const { world, agent, agentId } = await setup(1);
    const b = await buyer(t, '10');
    const order = dataOf<OrderDetail>(await buy(b, world));
    await agent.pushSms(pushUrl, { phone: order.phones[0]!.phoneNumber, from: 'Vk', text: 'code 123987' });
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${order.phones[0]!.rentalId}/finish` }));
    // A second finish of the same rental changes nothing.
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${order.phones[0]!.rentalId}/finish` }));
    agent.state.failFinishes = 2;
    for (let i = 0; i < 3; i++) {
      await sendDueFinishes(t.db, t.config);
      await t.db.query('update agent_finish_outbox set next_at = now() where sent_at is null');
    }
    expect(agent.finishesOf(3)).toHaveLength(3);
    expect(agent.activations.get(355)!.finished).toEqual([3]);
    expect(await sendDueFinishes(t.db, t.config)).toBe(0);
    expect((await earningsOf(t, agentId)).filter((e) => e.kind === 'sold')).toHaveLength(1);
  });

  test('2. no duplicate SMS: a repeated smsId is stored once, SUCCESS each time', async () => {
    const { world, agent } = await setup(1);
    const b = await buyer(t, '10');
    const order = dataOf<OrderDetail>(await buy(b, world));
    const phone = order.phones[0]!.phoneNumber;
    await agent.pushSms(pushUrl, { phone, from: 'Vk', text: 'code 551100', smsId: 9_000_000_001 });
    await agent.pushSms(pushUrl, { phone, from: 'Vk', text: 'code 551100', smsId: 9_000_000_001 });
    const rows = await smsOf(phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: '551100', external_id: '9000000001' });
    // An SMS arriving while the database is away is not acknowledged; the agent's retry stores it once.
    const json = `{"smsId":77,"phoneFrom":"Vk","phone":${phone.slice(1)},"text":"code 661100","action":"PUSH_SMS","key":"wrong"}`;
    expect((await agent.postPush(pushUrl, json)).answer.status).toBe('ERROR');
    await agent.pushSms(pushUrl, { phone, from: 'Vk', text: 'code 661100', smsId: 77 });
    expect(await smsOf(phone)).toHaveLength(2);
  });

  test('3. field types: a pushed smsId "123", a phone as a string, a text as a number are refused, nothing stored', async () => {
    const { world, agent, key } = await setup(2);
    const b = await buyer(t, '10');
    const order = dataOf<OrderDetail>(await buy(b, world));
    const phone = order.phones[0]!.phoneNumber.slice(1);
    const push = (fields: string) =>
      agent.postPush(pushUrl, `{${fields},"action":"PUSH_SMS","key":${JSON.stringify(key)}}`);
    for (const fields of [
      `"smsId":"123","phoneFrom":"Vk","phone":${phone},"text":"code 1"`,
      `"smsId":123,"phoneFrom":"Vk","phone":"${phone}","text":"code 1"`,
      `"smsId":123,"phoneFrom":"Vk","phone":${phone},"text":1234`,
      `"smsId":12.5,"phoneFrom":"Vk","phone":${phone},"text":"code 1"`,
      `"smsId":123,"phoneFrom":7,"phone":${phone},"text":"code 1"`,
      `"smsId":-1,"phoneFrom":"Vk","phone":${phone},"text":"code 1"`,
    ]) {
      const { httpStatus, answer } = await push(fields);
      expect(answer.status, fields).toBe('ERROR');
      expect(httpStatus).toBe(400);
      expect(answer.error).toMatch(/must be|number/);
    }
    // Plain (not gzip) JSON is read as well; wrong action or no key are refused.
    expect(
      (
        await agent.postPush(
          pushUrl,
          `{"smsId":5,"phoneFrom":"Vk","phone":${phone},"text":"code 2","action":"PUSH_SMS","key":${JSON.stringify(key)}}`,
          false,
        )
      ).answer.status,
    ).toBe('SUCCESS');
    expect(
      (
        await agent.postPush(
          pushUrl,
          `{"smsId":6,"phoneFrom":"Vk","phone":${phone},"text":"x","action":"GET_SMS","key":${JSON.stringify(key)}}`,
        )
      ).answer.status,
    ).toBe('ERROR');
    expect((await agent.postPush(pushUrl, 'not json')).httpStatus).toBe(400);
    expect(await smsOf(`+${phone}`)).toHaveLength(1);

    // A GET_NUMBER answer with the number as a string is malformed: not sold, the next try says no numbers.
    agent.state.mode = 'string_number';
    const res = await buy(b, world);
    expectErrorEnvelope(res, 400);
    expect(res.json().error).toBe('STOCK_INSUFFICIENT');
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
  });

  test('4. numbers carry the country code: a number without it is refused, cancelled at the agent, not sold', async () => {
    const { world, agent, agentId } = await setup(1);
    agent.state.mode = 'no_country_code';
    const b = await buyer(t, '10');
    const res = await buy(b, world);
    expect(res.json().error).toBe('STOCK_INSUFFICIENT');
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect((await activationsOf(t, agentId))[0]).toMatchObject({ state: 'refused', finish_status: 4 });
    await sendDueFinishes(t.db, t.config);
    expect(agent.finishesOf(4)).toHaveLength(1);
  });

  test('5. a number within 3 s: a slower answer moves on to the next agent', async () => {
    const slow = await setup(1, { priority: 10 });
    slow.agent.state.mode = 'slow';
    // Far beyond the protocol's 3 s: a purchase that waited for it would take 6 s.
    slow.agent.state.slowMs = 6000;
    // A second agent for the same application, lower priority, answering at once.
    const { startFakeAgent } = await import('./fake-agent');
    const fastKey = `fast-${slow.key}`;
    const fast = await startFakeAgent({
      key: fastKey,
      sims: [{ phone: '+15559990001', country: 'usa', operator: 'att', services: [slow.world.appCode] }],
    });
    agents.push(fast);
    const added = await addAgent(t, {
      name: `fast-${slow.world.appCode}`,
      url: fast.url,
      apiKey: fastKey,
      priority: 1,
    });
    const b = await buyer(t, '10');
    const started = Date.now();
    const order = dataOf<OrderDetail>(await buy(b, slow.world));
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(3000);
    expect(took).toBeLessThan(5500);
    expect(order.phones[0]!.phoneNumber).toBe('+15559990001');
    expect((await activationsOf(t, slow.agentId))[0]).toMatchObject({ state: 'failed' });
    expect((await activationsOf(t, slow.agentId))[0]!.note).toMatch(/timeout after 3000 ms/);
    expect((await activationsOf(t, added.id))[0]).toMatchObject({ state: 'active' });
  });

  test('6. true quantities: NO_NUMBERS for claimed stock holds the agent back, its quantities leave the store', async () => {
    const { world, agent, agentId, admin } = await setup(1);
    agent.state.overclaim = 4;
    await admin({ method: 'POST', url: `/api/admin/agents/${agentId}/test` });
    const b = await buyer(t, '10');
    const stock = async () =>
      dataOf<{ countries: { code: string; stock: { new: number } }[] }>(
        await b.call({ method: 'GET', url: `/api/store/availability?applicationId=${world.appId}` }),
      ).countries.find((c) => c.code === 'US')?.stock.new ?? 0;
    expect(await stock()).toBe(5);
    dataOf(await buy(b, world));
    const res = await buy(b, world);
    expect(res.json().error).toBe('STOCK_INSUFFICIENT');
    expect(await stock()).toBe(0);
    const listed = dataOf<{ id: number; heldUntil: string | null; heldReason: string | null }[]>(
      await admin({ method: 'GET', url: '/api/admin/agents' }),
    ).find((a) => a.id === agentId)!;
    expect(listed.heldReason).toMatch(/NO_NUMBERS after claiming \d+ /);
    expect(new Date(listed.heldUntil!).getTime()).toBeGreaterThan(Date.now() + 500_000);
    // While held back it is not asked at all.
    const asked = agent.countOf('GET_NUMBER');
    expect((await buy(b, world)).json().error).toBe('STOCK_INSUFFICIENT');
    expect(agent.countOf('GET_NUMBER')).toBe(asked);
  });

  test('7. excluded prefixes: sent as exceptionPhoneSet (compat phoneException and the store field); a matching number is refused', async () => {
    const { world, agent, agentId, sims } = await setup(3);
    const customer = await apiUser(t.db, '10');
    const [us] = await t.db.query<{ id: number }>(
      "select sms_activate_id as id from countries where code = 'US'",
    );
    const excluded = sims[0]!.phone.slice(1);
    const answer = await sa(t, {
      api_key: customer.apiKey,
      action: 'getNumber',
      service: world.appCode,
      country: us!.id,
      phoneException: excluded,
    });
    expect(answer).toMatch(/^ACCESS_NUMBER:\d+:\d+$/);
    const ask = agent.state.requests.filter((r) => r.action === 'GET_NUMBER').at(-1)!;
    expect(ask.body.exceptionPhoneSet).toEqual([excluded]);
    expect(answer.split(':')[2]!.startsWith(excluded)).toBe(false);

    // The store's own field, with a farm that ignores the list: its number is refused and not sold.
    agent.state.mode = 'ignore_exceptions';
    const b = await buyer(t, '10');
    const res = await buy(b, world, { excludePrefixes: sims.map((s) => s.phone) });
    expect(res.json().error).toBe('STOCK_INSUFFICIENT');
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    const refused = (await activationsOf(t, agentId)).at(-1)!;
    expect(refused).toMatchObject({ state: 'refused', finish_status: 4, note: 'excluded prefix' });
    const badPrefix = await buy(b, world, { excludePrefixes: ['abc'] });
    expectErrorEnvelope(badPrefix, 400);
    expect(badPrefix.json().message).toMatch(/Excluded prefixes/);
  });
});

describe('two server processes on one database', () => {
  test('one GET_SERVICES per agent per interval, one FINISH per activation', async () => {
    const { world, agent } = await setup(2);
    const second: Db = t.config.databaseUrl
      ? await createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 4 })
      : t.db;
    try {
      const config = { ...t.config, agents: { ...t.config.agents, pollMs: 15_000 } };
      await t.db.query('update agents set next_poll_at = null');
      const before = agent.countOf('GET_SERVICES');
      const claimed = await Promise.all([
        pollDueAgents(t.db, config),
        pollDueAgents(second, config),
        pollDueAgents(t.db, config),
        pollDueAgents(second, config),
      ]);
      expect(agent.countOf('GET_SERVICES')).toBe(before + 1);
      expect(claimed.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      // Within the interval nobody polls it again.
      await Promise.all([pollDueAgents(t.db, config), pollDueAgents(second, config)]);
      expect(agent.countOf('GET_SERVICES')).toBe(before + 1);

      const b = await buyer(t, '10');
      const orders = [dataOf<OrderDetail>(await buy(b, world)), dataOf<OrderDetail>(await buy(b, world))];
      for (const o of orders) {
        await agent.pushSms(pushUrl, { phone: o.phones[0]!.phoneNumber, from: 'Vk', text: 'code 246810' });
        dataOf(await b.call({ method: 'POST', url: `/api/rentals/${o.phones[0]!.rentalId}/finish` }));
      }
      await Promise.all([
        sendDueFinishes(t.db, t.config),
        sendDueFinishes(second, t.config),
        sendDueFinishes(t.db, t.config),
        sendDueFinishes(second, t.config),
      ]);
      const finishes = agent.finishesOf(3).map((f) => f.body.activationId);
      expect(finishes.sort()).toEqual([355, 356]);
    } finally {
      if (second !== t.db) await second.close();
    }
  });
});
