import type {
  Agent,
  AgentCreate,
  AgentMapping,
  AgentMappingOverride,
  AgentOffer,
  AgentPayout,
  AgentState,
  AgentTestResult,
  AgentUpdate,
} from '@jiema/shared';
import { fromMicros, toMicros } from '@jiema/shared';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { checkOutboundUrl } from '../../../lib/outbound/public-address';
import { type Actor, audit } from '../../audit/audit';
import { multiply } from '../upstream/pricing';
import { enqueueFinish } from './agent-activations.repository';
import { agentsWritten } from './agent-key-lookup';
import { FINISH } from './agent-protocol';
import {
  type AgentCounters,
  type AgentRow,
  type AgentWrite,
  codesOf,
  findAgent,
  insertAgent,
  listAgents,
  offersOf,
  payRatesOf,
  replacePayRates,
  setOverride,
  takenBy,
  updateAgent,
} from './agents.repository';
import { AgentPollError, mappedRef, pollAgent } from './agents-poll';

const ENTITY = 'agent';
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const hint = (key: string) => `••••${key.slice(-4)}`;
const money = (v: string) => fromMicros(toMicros(v));

type PayRates = Map<number, Agent['payRates']>;

function toView(a: AgentRow & AgentCounters, rates: PayRates): Agent {
  return {
    id: a.id,
    name: a.name,
    url: a.url,
    apiKeyHint: hint(a.api_key),
    currency: a.currency,
    rateToUsdt: a.rate_to_usdt,
    defaultPay: a.default_pay,
    payRates: rates.get(a.id) ?? [],
    enabled: a.enabled,
    priority: a.priority,
    lastPollAt: iso(a.last_poll_at),
    lastLatencyMs: a.last_latency_ms,
    lastError: a.last_error,
    lastErrorAt: iso(a.last_error_at),
    polls: Number(a.polls),
    pollErrors: Number(a.poll_errors),
    heldUntil: a.held_until && new Date(a.held_until).getTime() > Date.now() ? iso(a.held_until) : null,
    heldReason: a.held_until && new Date(a.held_until).getTime() > Date.now() ? a.held_reason : null,
    quantity: a.quantity,
    openActivations: a.open,
    soldActivations: a.sold,
    smsReceived: a.sms,
    owed: money(a.owed),
    owedUsdt: money(a.owed_usdt),
  };
}

const writeOf = (input: AgentCreate | AgentUpdate): AgentWrite => ({
  name: input.name,
  url: input.url,
  currency: input.currency,
  rateToUsdt: input.rateToUsdt,
  defaultPay: input.defaultPay,
  enabled: input.enabled,
  priority: input.priority,
});

/** Administrators' management of the SIM-farm agents: add, edit, test, mappings, state and payouts. */
export function createAgentsService({ db, config }: { db: Db; config: Pick<Config, 'agents' | 'upstream'> }) {
  const checkUrl = (url: string) => {
    try {
      checkOutboundUrl(url, config.upstream.allowPrivate);
    } catch {
      throw new AppError('AGENT_URL_BLOCKED');
    }
  };

  async function rates(): Promise<PayRates> {
    const map: PayRates = new Map();
    for (const r of await payRatesOf(db)) {
      const list = map.get(r.agent_id) ?? [];
      list.push({
        applicationId: r.application_id,
        countryCode: r.country_code.trim(),
        amount: money(r.amount),
      });
      map.set(r.agent_id, list);
    }
    return map;
  }

  const mustFind = async (id: number) => {
    const a = await findAgent(db, id);
    if (!a) throw new AppError('AGENT_NOT_FOUND');
    return a;
  };

  async function list() {
    const [rows, r] = await Promise.all([listAgents(db), rates()]);
    return rows.map((a) => toView(a, r));
  }

  async function view(id: number) {
    const found = (await list()).find((a) => a.id === id);
    if (!found) throw new AppError('AGENT_NOT_FOUND');
    return found;
  }

  async function checkTaken(name: string, apiKey: string | null, id: number) {
    const taken = await takenBy(db, name, apiKey, id);
    if (taken.name_taken) throw new AppError('AGENT_NAME_TAKEN');
    if (taken.key_taken) throw new AppError('AGENT_KEY_TAKEN');
  }

  async function checkPayRates(input: AgentCreate | AgentUpdate) {
    if (input.payRates.length === 0) return;
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from unnest($1::int[], $2::text[]) as t(a, c)
       where exists (select 1 from applications where id = t.a) and exists (select 1 from countries where code = t.c)`,
      [input.payRates.map((r) => r.applicationId), input.payRates.map((r) => r.countryCode)],
    );
    if (row!.n !== input.payRates.length) throw new AppError('AGENT_MAPPING_TARGET_UNKNOWN');
  }

  const offerView = (o: Awaited<ReturnType<typeof offersOf>>[number]): AgentOffer => ({
    country: o.country_name,
    operator: o.operator_name,
    service: o.service_name,
    count: o.count,
    applicationId: o.application_id,
    countryCode: o.country_code.trim(),
  });

  return {
    list,
    get: view,

    async create(actor: Actor, input: AgentCreate) {
      checkUrl(input.url);
      await checkTaken(input.name, input.apiKey, 0);
      await checkPayRates(input);
      const id = await db.transaction(async (tx) => {
        const id = await insertAgent(tx, writeOf(input), input.apiKey);
        if (id === null) throw new AppError('AGENT_NAME_TAKEN');
        await replacePayRates(tx, id, input.payRates);
        await audit(tx, actor, {
          action: 'create',
          entity: ENTITY,
          entityId: id,
          after: { ...writeOf(input), payRates: input.payRates },
        });
        return id;
      });
      return view(id);
    },

    async update(actor: Actor, id: number, input: AgentUpdate) {
      checkUrl(input.url);
      const before = await mustFind(id);
      await checkTaken(input.name, input.apiKey ?? null, id);
      await checkPayRates(input);
      try {
        await db.transaction(async (tx) => {
          await updateAgent(tx, id, writeOf(input), input.apiKey ?? null);
          await replacePayRates(tx, id, input.payRates);
          const { api_key: _k, ...shown } = before;
          await audit(tx, actor, {
            action: 'update',
            entity: ENTITY,
            entityId: id,
            before: shown,
            after: { ...writeOf(input), payRates: input.payRates, apiKeyChanged: input.apiKey !== undefined },
          });
        });
      } finally {
        // After the commit: PUSH_SMS's keys in memory (agent-key-lookup.ts) are read again.
        agentsWritten();
      }
      return view(id);
    },

    /** "Test": GET_SERVICES now; what it offers, mapped or not. */
    async test(id: number): Promise<AgentTestResult> {
      const a = await mustFind(id);
      let polled: Awaited<ReturnType<typeof pollAgent>>;
      try {
        polled = await pollAgent(db, config, a);
      } catch (error) {
        const reason = error instanceof AgentPollError ? error.message : String(error);
        throw new AppError('AGENT_TEST_FAILED', { reason });
      }
      const mapping = new Map((await codesOf(db, id)).map((c) => [`${c.kind}|${c.code}`, mappedRef(c)]));
      return {
        latencyMs: polled.ms,
        offers: polled.lines.map((l) => {
          const app = mapping.get(`service|${l.service}`) ?? null;
          return {
            country: l.country,
            operator: l.operator,
            service: l.service,
            count: l.count,
            applicationId: app && /^\d+$/.test(app) ? Number(app) : null,
            countryCode: mapping.get(`country|${l.country}`) ?? null,
          };
        }),
      };
    },

    async mappings(id: number): Promise<AgentMapping[]> {
      await mustFind(id);
      return (await codesOf(db, id)).map((c) => ({
        kind: c.kind,
        code: c.code,
        autoRef: c.auto_ref,
        overrideRef: c.override_ref,
        effectiveRef: mappedRef(c),
      }));
    },

    async override(actor: Actor, id: number, input: AgentMappingOverride) {
      await mustFind(id);
      if (input.ref) {
        const exists =
          input.kind === 'service'
            ? /^\d{1,9}$/.test(input.ref) &&
              (await db.query('select 1 from applications where id = $1', [Number(input.ref)])).length > 0
            : (await db.query('select 1 from countries where code = $1', [input.ref.toUpperCase()])).length >
              0;
        if (!exists) throw new AppError('AGENT_MAPPING_TARGET_UNKNOWN');
      }
      const ref = input.ref && input.kind === 'country' ? input.ref.toUpperCase() : input.ref;
      await db.transaction(async (tx) => {
        if (!(await setOverride(tx, id, input.kind, input.code, ref)))
          throw new AppError('AGENT_CODE_NOT_FOUND');
        await audit(tx, actor, { action: 'map', entity: ENTITY, entityId: id, after: { ...input, ref } });
      });
      return this.mappings(id);
    },

    async state(id: number): Promise<AgentState> {
      await mustFind(id);
      const [offers, earnings, recent] = await Promise.all([
        offersOf(db, id),
        db.query<{
          id: number;
          kind: 'sold' | 'reversed' | 'payout';
          amount: string;
          amount_usdt: string;
          activation_id: number | null;
          note: string | null;
          created_at: Date;
        }>(
          `select id, kind, amount::text as amount, amount_usdt::text as amount_usdt, activation_id, note, created_at
           from agent_earnings where agent_id = $1 order by id desc limit 50`,
          [id],
        ),
        db.query<{
          id: number;
          agent_activation_id: string | null;
          phone_number: string | null;
          state: string;
          finish_status: number | null;
          pay: string;
          price: string;
          note: string | null;
          created_at: Date;
        }>(
          `select id, agent_activation_id::text as agent_activation_id, phone_number, state, finish_status,
             pay::text as pay, price::text as price, note, created_at
           from agent_activations where agent_id = $1 order by id desc limit 50`,
          [id],
        ),
      ]);
      return {
        offers: offers.map(offerView),
        earnings: earnings.map((e) => ({
          id: e.id,
          kind: e.kind,
          amount: money(e.amount),
          amountUsdt: money(e.amount_usdt),
          activationId: e.activation_id,
          note: e.note,
          createdAt: new Date(e.created_at).toISOString(),
        })),
        recent: recent.map((r) => ({
          id: r.id,
          agentActivationId: r.agent_activation_id,
          phoneNumber: r.phone_number,
          state: r.state,
          finishStatus: r.finish_status,
          pay: money(r.pay),
          price: money(r.price),
          note: r.note,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },

    /**
     * A payout recorded: what we owe the agent goes down by it, never below zero (the agent's row is
     * locked, so two payouts at once cannot both pass the check).
     */
    async payout(actor: Actor, id: number, input: AgentPayout) {
      await db.transaction(async (tx) => {
        const [agent] = await tx.query<{ rate_to_usdt: string }>(
          'select rate_to_usdt::text as rate_to_usdt from agents where id = $1 for update',
          [id],
        );
        if (!agent) throw new AppError('AGENT_NOT_FOUND');
        const [owed] = await tx.query<{ owed: string }>(
          'select coalesce(sum(amount), 0)::text as owed from agent_earnings where agent_id = $1',
          [id],
        );
        if (toMicros(input.amount) > toMicros(owed!.owed)) {
          throw new AppError('AGENT_PAYOUT_TOO_LARGE', { owed: money(owed!.owed) });
        }
        await tx.query(
          `insert into agent_earnings (agent_id, kind, amount, amount_usdt, note, created_by)
           values ($1, 'payout', $2::numeric, $3::numeric, $4, $5)`,
          [
            id,
            `-${input.amount}`,
            `-${multiply(input.amount, agent.rate_to_usdt)}`,
            input.note || null,
            actor.id,
          ],
        );
        await audit(tx, actor, { action: 'payout', entity: ENTITY, entityId: id, after: { ...input } });
      });
      return view(id);
    },

    /** Status 1 for one activation: the agent stops offering that number for that service. */
    async notAgain(actor: Actor, id: number, activationId: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `select id from agent_activations where id = $1 and agent_id = $2 and agent_activation_id is not null`,
          [activationId, id],
        );
        if (!row) throw new AppError('AGENT_NOT_FOUND');
        await enqueueFinish(tx, id, activationId, FINISH.notAgain);
        await audit(tx, actor, {
          action: 'not-again',
          entity: ENTITY,
          entityId: id,
          after: { activationId },
        });
      });
      return this.state(id);
    },
  };
}
