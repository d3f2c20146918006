import { type AgentEarningsMismatch, type AgentEarningsProblem, formatMoney } from '@jiema/shared';
import type { Queryable } from '../../db/client';

type TotalsRow = {
  agent_count: number;
  entry_count: number;
  credited: string;
  reversed: string;
  paid_out: string;
  owed: string;
};

/** Every agent's ledger summed (USDT, each entry at the rate of its day), in one statement. */
export async function agentEarningsTotals(q: Queryable) {
  const [r] = await q.query<TotalsRow>(
    `select (select count(*)::int from agents) as agent_count, count(*)::int as entry_count,
       coalesce(sum(amount_usdt) filter (where kind = 'sold'), 0)::text as credited,
       coalesce(sum(amount_usdt) filter (where kind = 'reversed'), 0)::text as reversed,
       coalesce(sum(amount_usdt) filter (where kind = 'payout'), 0)::text as paid_out,
       coalesce(sum(amount_usdt), 0)::text as owed
     from agent_earnings`,
  );
  return {
    agentCount: r!.agent_count,
    entryCount: r!.entry_count,
    credited: formatMoney(r!.credited),
    reversed: formatMoney(r!.reversed),
    paidOut: formatMoney(r!.paid_out),
    owed: formatMoney(r!.owed),
  };
}

type MismatchRow = {
  agent_id: number;
  agent_name: string;
  activation_id: number | null;
  problem: AgentEarningsProblem;
  expected: string;
  actual: string;
  total: number;
};

/**
 * The agents' ledgers against their activations (agent-endings.ts writes both in one transaction): a
 * sale (ended, status 3) has one credit of its pay; a sale refunded afterwards (status 5 with a credit)
 * has its reversal; nothing else has either; no agent was paid out more than it earned. At most `limit`
 * rows, with how many there are. Amounts in the agent's currency.
 */
export async function findAgentEarningsMismatches(
  q: Queryable,
  limit: number,
): Promise<{ list: AgentEarningsMismatch[]; total: number }> {
  const rows = await q.query<MismatchRow>(
    `with acts as (
       select a.id, a.agent_id, a.pay, a.state = 'ended' and a.finish_status = 3 as sold_now,
         a.state = 'ended' and a.finish_status = 5 as refunded_now,
         s.amount as credit, s.agent_id as credit_agent, r.amount as reversal, r.agent_id as reversal_agent
       from agent_activations a
       left join agent_earnings s on s.activation_id = a.id and s.kind = 'sold'
       left join agent_earnings r on r.activation_id = a.id and r.kind = 'reversed'
       where s.id is not null or r.id is not null or (a.state = 'ended' and a.finish_status = 3)
     ), problems as (
       select agent_id, id as activation_id, 'sale_not_credited' as problem, pay as expected, 0::numeric as actual
         from acts where sold_now and credit is null
       union all
       select agent_id, id, 'credit_without_sale', 0, credit
         from acts where credit is not null and not (sold_now or refunded_now)
       union all
       select agent_id, id, 'refund_not_reversed', -pay, 0 from acts where credit is not null and refunded_now and reversal is null
       union all
       select agent_id, id, 'reversal_without_credit', 0, reversal from acts where reversal is not null and credit is null
       union all
       select agent_id, id, 'wrong_amount', pay, credit from acts where credit <> pay
       union all
       select agent_id, id, 'wrong_amount', -pay, reversal from acts where reversal <> -pay
       union all
       select credit_agent, id, 'wrong_agent', 0, credit from acts where credit_agent <> agent_id
       union all
       select reversal_agent, id, 'wrong_agent', 0, reversal from acts where reversal_agent <> agent_id
       union all
       select agent_id, null, 'overpaid', 0, sum(amount) from agent_earnings group by agent_id having sum(amount) < 0
     )
     select p.agent_id, g.name as agent_name, p.activation_id, p.problem, p.expected::text as expected,
       p.actual::text as actual, count(*) over ()::int as total
     from problems p join agents g on g.id = p.agent_id
     order by p.agent_id, p.activation_id nulls first, p.problem
     limit ${Math.trunc(limit)}`,
  );
  return {
    list: rows.map((r) => ({
      agentId: r.agent_id,
      agentName: r.agent_name,
      activationId: r.activation_id,
      problem: r.problem,
      expected: formatMoney(r.expected),
      actual: formatMoney(r.actual),
    })),
    total: rows[0]?.total ?? 0,
  };
}
