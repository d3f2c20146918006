import {
  envelopeOf,
  ZAgent,
  ZAgentCreate,
  ZAgentId,
  ZAgentMapping,
  ZAgentMappingOverride,
  ZAgentPayout,
  ZAgentState,
  ZAgentTestResult,
  ZAgentUpdate,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../../app-types';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { ok } from '../../../lib/reply';
import { actorOf } from '../../audit/audit';
import { createAgentsService } from './agents.service';

const tags = ['agents'];
const BASE = '/api/admin/agents';
const ZActivationParams = z.object({
  id: z.coerce.number().int().positive(),
  activationId: z.coerce.number().int().positive(),
});

/** SIM-farm agents (admin, phone management): add, edit, test, mappings, state, payouts. */
export function registerAgentRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const service = createAgentsService({ db, config });

  app.get(
    BASE,
    {
      config: { permission: 'admin:agent:list' },
      schema: {
        tags,
        summary:
          'List SIM-farm agents with last poll, latency, errors, quantities, activations, SMS and what we owe',
        response: { 200: envelopeOf(z.array(ZAgent)) },
      },
    },
    async (request) => ok(request, await service.list()),
  );

  app.post(
    BASE,
    {
      config: { permission: 'admin:agent:add' },
      schema: {
        tags,
        summary: 'Add an agent (its protocol key is never shown again in full)',
        body: ZAgentCreate,
        response: { 200: envelopeOf(ZAgent) },
      },
    },
    async (request) => ok(request, await service.create(actorOf(request), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:agent:edit' },
      schema: {
        tags,
        summary: 'Change an agent; an absent key keeps the stored one',
        params: ZAgentId,
        body: ZAgentUpdate,
        response: { 200: envelopeOf(ZAgent) },
      },
    },
    async (request) => ok(request, await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${BASE}/:id/test`,
    {
      config: { permission: 'admin:agent:test' },
      schema: {
        tags,
        summary: 'Test an agent: GET_SERVICES now, its latency and what it offers',
        params: ZAgentId,
        response: { 200: envelopeOf(ZAgentTestResult) },
      },
    },
    async (request) => ok(request, await service.test(request.params.id)),
  );

  app.get(
    `${BASE}/:id/mappings`,
    {
      config: { permission: 'admin:agent:list' },
      schema: {
        tags,
        summary: "The agent's country, operator and service names and what they map to",
        params: ZAgentId,
        response: { 200: envelopeOf(z.array(ZAgentMapping)) },
      },
    },
    async (request) => ok(request, await service.mappings(request.params.id)),
  );

  app.put(
    `${BASE}/:id/mappings`,
    {
      config: { permission: 'admin:agent:edit' },
      schema: {
        tags,
        summary: 'Override one mapping (null: back to the automatic one)',
        params: ZAgentId,
        body: ZAgentMappingOverride,
        response: { 200: envelopeOf(z.array(ZAgentMapping)) },
      },
    },
    async (request) => ok(request, await service.override(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    `${BASE}/:id/state`,
    {
      config: { permission: 'admin:agent:list' },
      schema: {
        tags,
        summary: 'Quantities, earnings entries and recent activations of an agent',
        params: ZAgentId,
        response: { 200: envelopeOf(ZAgentState) },
      },
    },
    async (request) => ok(request, await service.state(request.params.id)),
  );

  app.post(
    `${BASE}/:id/payouts`,
    {
      config: { permission: 'admin:agent:payout' },
      schema: {
        tags,
        summary: 'Record a payout to the agent (never more than what is owed)',
        params: ZAgentId,
        body: ZAgentPayout,
        response: { 200: envelopeOf(ZAgent) },
      },
    },
    async (request) => ok(request, await service.payout(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${BASE}/:id/activations/:activationId/not-again`,
    {
      config: { permission: 'admin:agent:edit' },
      schema: {
        tags,
        summary: 'FINISH_ACTIVATION status 1: the agent no longer offers that number for that service',
        params: ZActivationParams,
        response: { 200: envelopeOf(ZAgentState) },
      },
    },
    async (request) =>
      ok(request, await service.notAgain(actorOf(request), request.params.id, request.params.activationId)),
  );
}
