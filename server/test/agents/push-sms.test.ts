import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ServerSet, serversSharingDatabase, type TestApp } from '../helpers';
import { buyer, dataOf, expectLedgerConsistent, purchaseBody } from '../store/store-helpers';
import { resellerWorld } from '../upstream/upstream-helpers';
import { addAgent, fakeAgentFor, startHub } from './agent-helpers';
import type { FakeAgent } from './fake-agent';

type OrderDetail = { phones: { rentalId: number; phoneNumber: string }[] };

let t: TestApp;
let pushUrl: string;
/** Another server process on the same database (PostgreSQL); on PGlite the same app again. */
let others: ServerSet;
let otherPushUrl: string;
const agents: FakeAgent[] = [];

beforeAll(async () => {
  ({ t, pushUrl } = await startHub());
  others = await serversSharingDatabase(t, 1);
  const other = others.servers[0]!;
  if (other === t.app) otherPushUrl = pushUrl;
  else {
    await other.listen({ host: '127.0.0.1', port: 0 });
    otherPushUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}/api/agents/sms`;
  }
});
afterAll(async () => {
  for (const a of agents) await a.close();
  await others?.close();
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
});

/** An agent offering one application and a number of it bought by a customer. */
async function agentWithSoldNumber() {
  const world = await resellerWorld(t.db, `p${Math.random().toString(36).slice(2, 8)}`);
  const fake = await fakeAgentFor(world.appCode, 2);
  agents.push(fake.agent);
  const added = await addAgent(t, { name: `farm-${world.appCode}`, url: fake.agent.url, apiKey: fake.key });
  expect(added.tested.statusCode, added.tested.body).toBe(200);
  const b = await buyer(t, '10');
  const order = dataOf<OrderDetail>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
  );
  return { ...fake, agentId: added.id, admin: added.admin, phone: order.phones[0]!.phoneNumber };
}

const pushJson = (key: string, phone: string, smsId: number, text: string) =>
  `{"smsId":${smsId},"phoneFrom":"Vk","phone":${phone.slice(1)},"text":${JSON.stringify(text)},"action":"PUSH_SMS","key":${JSON.stringify(key)}}`;

const storedOf = (phone: string) =>
  t.db.query<{ external_id: string; source: string; code: string | null; rental_id: number | null }>(
    'select external_id, source, code, rental_id from sms_messages where phone_number = $1 order by id',
    [phone],
  );

describe('PUSH_SMS under concurrency (pushes share one insert statement and commit)', () => {
  test('the same smsId pushed at once, twice to one process and to another process: stored once, SUCCESS to each', async () => {
    const { agent, key, phone } = await agentWithSoldNumber();
    const json = pushJson(key, phone, 5_000_001, 'VK: 424242');
    const answers = await Promise.all([
      agent.postPush(pushUrl, json),
      agent.postPush(pushUrl, json),
      agent.postPush(otherPushUrl, json),
      agent.postPush(otherPushUrl, json, false),
    ]);
    expect(answers.map((a) => a.answer.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    const rows = await storedOf(phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ external_id: '5000001', code: '424242' });
    expect(rows[0]!.rental_id).not.toBeNull();
  });

  test('many SMS of many numbers at once: each stored once, each answered SUCCESS only once it is readable', async () => {
    const { agent, key, agentId, phone } = await agentWithSoldNumber();
    const ids = Array.from({ length: 40 }, (_, i) => 5_100_000 + i);
    await Promise.all(
      ids.map(async (smsId, i) => {
        const { answer } = await agent.postPush(
          i % 2 ? pushUrl : otherPushUrl,
          pushJson(key, phone, smsId, `VK: ${smsId}`),
        );
        expect(answer.status).toBe('SUCCESS');
        // Answered after the commit: the SMS is there for anyone reading now.
        const [row] = await t.db.query('select 1 from sms_messages where source = $1 and external_id = $2', [
          `agent:${agentId}`,
          String(smsId),
        ]);
        expect(row).toBeDefined();
      }),
    );
    expect((await storedOf(phone)).map((r) => Number(r.external_id)).sort()).toEqual(ids);
  });

  test("a number the agent did not give us (another agent's, our own stock): SUCCESS and nothing stored, in a batch with its own", async () => {
    const first = await agentWithSoldNumber();
    const second = await agentWithSoldNumber();
    // A number of our own stock (not for sale, so that the store sells agents' numbers to later tests).
    const [own] = await t.db.query<{ number: string }>(
      `insert into phone_numbers (number, country_code, operator_id, prefix, source, state)
       select '+1555' || lpad((floor(random() * 9000000) + 1000000)::int::text, 7, '0'), c.code, o.id, c.dial_code,
         'own', 'disabled'
       from countries c join operators o on o.country_code = c.code and o.code = 'any' where c.code = 'US'
       returning number`,
    );
    const answers = await Promise.all([
      first.agent.postPush(pushUrl, pushJson(first.key, second.phone, 5_200_001, 'VK: 111111')),
      first.agent.postPush(pushUrl, pushJson(first.key, first.phone, 5_200_002, 'VK: 222222')),
      first.agent.postPush(pushUrl, pushJson(first.key, own!.number, 5_200_003, 'VK: 3')),
    ]);
    expect(answers.every((a) => a.answer.status === 'SUCCESS')).toBe(true);
    expect(await storedOf(second.phone)).toEqual([]);
    expect(await storedOf(own!.number)).toEqual([]);
    expect((await storedOf(first.phone)).map((r) => r.code)).toEqual(['222222']);
  });
});

/**
 * A network between the farm and us that loses the first `lose` answers: the request reaches us (and is
 * committed), the farm's connection is cut before our SUCCESS reaches it, as on a flaky link.
 */
async function lossyLink(target: string, lose: number) {
  const { hostname, port, pathname } = new URL(target);
  let lost = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      if (lost < lose) {
        lost += 1;
        client.destroy();
        upstream.destroy();
      } else client.write(chunk);
    });
    upstream.on('end', () => client.end());
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${pathname}`,
    lostCount: () => lost,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('PUSH_SMS delivery as the protocol has it: repeated until SUCCESS', () => {
  test('our SUCCESS lost twice on the way: the farm pushes again until it gets one, the SMS stored once with its code', async () => {
    const { agent, phone } = await agentWithSoldNumber();
    const link = await lossyLink(pushUrl, 2);
    try {
      const { smsId, tries } = await agent.pushSms(link.url, { phone, from: 'Vk', text: 'VK: 909090' }, 20);
      expect(link.lostCount()).toBe(2);
      expect(tries).toBe(3);
      const rows = await storedOf(phone);
      expect(rows).toEqual([expect.objectContaining({ external_id: String(smsId), code: '909090' })]);
      expect(rows[0]!.rental_id).not.toBeNull();
    } finally {
      await link.close();
    }
  });
});

describe('the agent by its key, from memory', () => {
  test('a changed key stops working at once on every process; the new one works at its first push', async () => {
    const { agent, key, agentId, admin, phone } = await agentWithSoldNumber();
    // Both processes have the key in memory now.
    for (const url of [pushUrl, otherPushUrl, pushUrl, otherPushUrl]) {
      expect((await agent.postPush(url, pushJson(key, phone, 5_300_000, 'VK: 1'))).answer.status).toBe(
        'SUCCESS',
      );
    }
    const current = dataOf<Record<string, unknown>[]>(
      await admin({ method: 'GET', url: '/api/admin/agents' }),
    ).find((a) => a.id === agentId)!;
    const renamed = `${key}-new`;
    const updated = await admin({
      method: 'PUT',
      url: `/api/admin/agents/${agentId}`,
      payload: {
        name: current.name,
        url: current.url,
        currency: current.currency,
        rateToUsdt: current.rateToUsdt,
        defaultPay: current.defaultPay,
        enabled: current.enabled,
        priority: current.priority,
        payRates: current.payRates,
        apiKey: renamed,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // This process at once; the other as soon as the database's announcement reaches it.
    const old = await agent.postPush(pushUrl, pushJson(key, phone, 5_300_001, 'VK: 2'));
    expect(old).toMatchObject({ httpStatus: 401, answer: { status: 'ERROR', error: 'unknown key' } });
    await expect
      .poll(
        async () =>
          (await agent.postPush(otherPushUrl, pushJson(key, phone, 5_300_002, 'VK: 3'))).answer.status,
        { timeout: 2000, interval: 20 },
      )
      .toBe('ERROR');
    for (const url of [pushUrl, otherPushUrl]) {
      expect((await agent.postPush(url, pushJson(renamed, phone, 5_300_003, 'VK: 4'))).answer.status).toBe(
        'SUCCESS',
      );
    }
    expect((await storedOf(phone)).map((r) => r.external_id)).toEqual(['5300000', '5300003']);
  });
});
