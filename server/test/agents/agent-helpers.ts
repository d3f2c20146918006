import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../helpers';
import { adminCall } from '../inbound/inbound-helpers';
import { dataOf } from '../store/store-helpers';
import { type FakeSim, startFakeAgent } from './fake-agent';

/** The hub: agents on loopback allowed, no background workers (each test drives polls and sends). */
export const hubEnv = {
  UPSTREAM_ALLOW_PRIVATE: 'on',
  UPSTREAM_POLL_MS: '0',
  UPSTREAM_RECONCILE_SECONDS: '0',
  UPSTREAM_BUY_BUDGET_MS: '8000',
  AGENT_POLL_SECONDS: '0',
  AGENT_HOLD_SECONDS: '600',
  LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
};

/** Our app listening on 127.0.0.1 (agents push to it), with its PUSH_SMS URL. */
export async function startHub(env: Record<string, string> = {}) {
  const t = await createTestApp({ ...hubEnv, ...env });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, pushUrl: `http://127.0.0.1:${port}/api/agents/sms` };
}

let phoneSerial = Math.floor(Math.random() * 90_000) + 10_000;
/** US numbers (+1 555 …) no other test file uses. */
export function usSims(count: number, service: string, operator = 'verizon'): FakeSim[] {
  return Array.from({ length: count }, () => ({
    phone: `+1555${String(phoneSerial++).padStart(7, '0')}`,
    country: 'usa',
    operator,
    services: [service],
  }));
}

export type AgentInput = {
  name: string;
  url: string;
  apiKey: string;
  currency?: 643 | 840;
  rateToUsdt?: string;
  defaultPay?: string;
  payRates?: { applicationId: number; countryCode: string; amount: string }[];
  priority?: number;
};

/** Adds an agent through the admin API and runs its "Test" (GET_SERVICES, mapping, quantities). */
export async function addAgent(t: TestApp, input: AgentInput) {
  const admin = await adminCall(t);
  const res = await admin({
    method: 'POST',
    url: '/api/admin/agents',
    payload: { currency: 643, rateToUsdt: '0.011', defaultPay: '20', ...input },
  });
  const created = dataOf<{ id: number; apiKeyHint: string }>(res);
  const tested = await admin({ method: 'POST', url: `/api/admin/agents/${created.id}/test` });
  return { id: created.id, admin, created, tested };
}

export async function fakeAgentFor(
  service: string,
  simCount: number,
  key = `key-${Math.random().toString(36).slice(2, 12)}`,
) {
  const sims = usSims(simCount, service);
  const agent = await startFakeAgent({ key, sims });
  return { agent, sims, key };
}

export type AgentActivationRow = {
  id: number;
  state: string;
  finish_status: number | null;
  agent_activation_id: string | null;
  phone_number: string | null;
  note: string | null;
  rental_id: number | null;
};

export const activationsOf = (t: TestApp, agentId: number) =>
  t.db.query<AgentActivationRow>(
    `select id, state, finish_status, agent_activation_id::text as agent_activation_id, phone_number, note, rental_id
     from agent_activations where agent_id = $1 order by id`,
    [agentId],
  );

export const earningsOf = (t: TestApp, agentId: number) =>
  t.db.query<{ kind: string; amount: string; amount_usdt: string; activation_id: number | null }>(
    `select kind, amount::text as amount, amount_usdt::text as amount_usdt, activation_id from agent_earnings
     where agent_id = $1 order by id`,
    [agentId],
  );
