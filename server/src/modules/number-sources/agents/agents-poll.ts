import type { Db } from '../../../db/client';
import { agentPost } from './agent-http';
import { AgentProtocolError, getServicesJson, readServices, type ServiceLine } from './agent-protocol';
import type { AgentsConfig } from './agent-purchase';
import {
  type AgentRow,
  type CodeRow,
  catalogRefs,
  claimDuePolls,
  codesOf,
  findAgent,
  notePoll,
  type OfferWrite,
  replaceOffers,
  saveCodes,
} from './agents.repository';

/** The mapping in force for a name: an override (`''` = never map) over the automatic one. */
export const mappedRef = (row: Pick<CodeRow, 'auto_ref' | 'override_ref'> | undefined) =>
  row ? (row.override_ref ?? row.auto_ref) || null : null;

export class AgentPollError extends Error {}

/**
 * One GET_SERVICES: every country, operator and service name recorded with its mapping (unmapped
 * ones kept so the screen lists them), the quantities of mapped (application, country) stored as the
 * agent's offers, the latency and any error noted on the agent. Throws AgentPollError with the reason.
 */
export async function pollAgent(
  db: Db,
  config: AgentsConfig,
  agent: Pick<AgentRow, 'id' | 'url' | 'api_key'>,
): Promise<{ ms: number; lines: ServiceLine[] }> {
  const answer = await agentPost({
    url: agent.url,
    json: getServicesJson(agent.api_key),
    timeoutMs: config.agents.requestTimeoutMs,
    allowPrivate: config.upstream.allowPrivate,
  });
  let lines: ServiceLine[];
  try {
    if (!answer.ok) throw new AgentPollError(answer.error);
    if (answer.status < 200 || answer.status >= 300) throw new AgentPollError(`HTTP ${answer.status}`);
    lines = readServices(answer.body);
  } catch (error) {
    const why = `GET_SERVICES: ${error instanceof AgentProtocolError || error instanceof AgentPollError ? error.message : String(error)}`;
    await notePoll(db, agent.id, { ms: answer.ms, error: why });
    throw new AgentPollError(why);
  }
  const refs = await catalogRefs(db);
  const codes: Omit<CodeRow, 'override_ref'>[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    for (const [kind, code] of [
      ['country', line.country],
      ['operator', line.operator],
      ['service', line.service],
    ] as const) {
      if (seen.has(`${kind}|${code}`)) continue;
      seen.add(`${kind}|${code}`);
      codes.push({ kind, code, auto_ref: refs[kind].get(code.toLowerCase()) ?? null });
    }
  }
  await saveCodes(db, agent.id, codes);
  const mapping = new Map((await codesOf(db, agent.id)).map((c) => [`${c.kind}|${c.code}`, c]));
  const offers: OfferWrite[] = [];
  for (const line of lines) {
    const app = mappedRef(mapping.get(`service|${line.service}`));
    const country = mappedRef(mapping.get(`country|${line.country}`));
    if (app === null || country === null || !/^\d+$/.test(app)) continue;
    offers.push({
      applicationId: Number(app),
      countryCode: country,
      country: line.country,
      operator: line.operator,
      service: line.service,
      count: line.count,
    });
  }
  await db.transaction((tx) => replaceOffers(tx, agent.id, offers));
  await notePoll(db, agent.id, { ms: answer.ms, error: null });
  return { ms: answer.ms, lines };
}

/**
 * GET_SERVICES to every enabled agent whose interval is up. Each is claimed by moving its next poll
 * an interval ahead first, so two processes never poll one agent in the same interval.
 */
export async function pollDueAgents(db: Db, config: AgentsConfig) {
  const claimed = await claimDuePolls(db, config.agents.pollMs);
  await Promise.all(
    claimed.map(async ({ id }) => {
      const agent = await findAgent(db, id);
      if (agent) await pollAgent(db, config, agent).catch(() => {});
    }),
  );
  return claimed.length;
}
