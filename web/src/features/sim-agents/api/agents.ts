import type {
  Agent,
  AgentCreate,
  AgentMapping,
  AgentMappingOverride,
  AgentPayout,
  AgentState,
  AgentTestResult,
  AgentUpdate,
} from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** Every change invalidates this key. */
export const AGENTS_KEY = ['sim-agents'] as const;
const BASE = '/api/admin/agents';

export const useAgents = () =>
  useQuery({
    queryKey: AGENTS_KEY,
    queryFn: () => request<Agent[]>({ url: BASE }),
    refetchInterval: 15_000,
    meta: { background: true },
  });

export const createAgent = (data: AgentCreate) => request<Agent>({ url: BASE, method: 'POST', data });

export const updateAgent = ({ id, ...data }: AgentUpdate & { id: number }) =>
  request<Agent>({ url: `${BASE}/${id}`, method: 'PUT', data });

export const testAgent = (id: number) =>
  request<AgentTestResult>({ url: `${BASE}/${id}/test`, method: 'POST' });

export const useAgentMappings = (id: number | null) =>
  useQuery({
    queryKey: [...AGENTS_KEY, 'mappings', id],
    queryFn: () => request<AgentMapping[]>({ url: `${BASE}/${id}/mappings` }),
    enabled: id !== null,
  });

export const overrideAgentMapping = ({ id, ...data }: AgentMappingOverride & { id: number }) =>
  request<AgentMapping[]>({ url: `${BASE}/${id}/mappings`, method: 'PUT', data });

export const useAgentState = (id: number | null) =>
  useQuery({
    queryKey: [...AGENTS_KEY, 'state', id],
    queryFn: () => request<AgentState>({ url: `${BASE}/${id}/state` }),
    enabled: id !== null,
  });

export const recordPayout = ({ id, ...data }: AgentPayout & { id: number }) =>
  request<Agent>({ url: `${BASE}/${id}/payouts`, method: 'POST', data });
