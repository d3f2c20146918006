import {
  envelopeOf,
  ZUpstreamMapping,
  ZUpstreamMappingOverride,
  ZUpstreamProvider,
  ZUpstreamProviderCreate,
  ZUpstreamProviderId,
  ZUpstreamProviderState,
  ZUpstreamProviderUpdate,
  ZUpstreamReconciliation,
  ZUpstreamReconciliationQuery,
  ZUpstreamTestResult,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../../app-types';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { ok } from '../../../lib/reply';
import { actorOf } from '../../audit/audit';
import { registerUpstreamPriceRuleRoutes } from './price-rules.routes';
import { createUpstreamProvidersService } from './providers.service';

const tags = ['upstream-providers'];
const BASE = '/api/admin/upstream-providers';

/** Upstream providers (admin, phone management): add, edit, test, mappings, state. */
export function registerUpstreamProviderRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const service = createUpstreamProvidersService({ db, config });
  registerUpstreamPriceRuleRoutes(app, { db });

  app.get(
    BASE,
    {
      config: { permission: 'admin:upstream:list' },
      schema: {
        tags,
        summary:
          'List upstream providers with balance, requests and errors per minute, last error and open activations',
        response: { 200: envelopeOf(z.array(ZUpstreamProvider)) },
      },
    },
    async (request) => ok(request, await service.list()),
  );

  app.post(
    BASE,
    {
      config: { permission: 'admin:upstream:add' },
      schema: {
        tags,
        summary: 'Add an upstream provider (its API key is never shown again in full)',
        body: ZUpstreamProviderCreate,
        response: { 200: envelopeOf(ZUpstreamProvider) },
      },
    },
    async (request) => ok(request, await service.create(actorOf(request), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:upstream:edit' },
      schema: {
        tags,
        summary: 'Change an upstream provider; an absent API key keeps the stored one',
        params: ZUpstreamProviderId,
        body: ZUpstreamProviderUpdate,
        response: { 200: envelopeOf(ZUpstreamProvider) },
      },
    },
    async (request) => ok(request, await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${BASE}/:id/test`,
    {
      config: { permission: 'admin:upstream:test' },
      schema: {
        tags,
        summary: 'Test a provider: its balance and latency; its price list is read again',
        params: ZUpstreamProviderId,
        response: { 200: envelopeOf(ZUpstreamTestResult) },
      },
    },
    async (request) => ok(request, await service.test(request.params.id)),
  );

  app.get(
    `${BASE}/:id/mappings`,
    {
      config: { permission: 'admin:upstream:list' },
      schema: {
        tags,
        summary: "The provider's service and country codes and what they map to (unmapped ones included)",
        params: ZUpstreamProviderId,
        response: { 200: envelopeOf(z.array(ZUpstreamMapping)) },
      },
    },
    async (request) => ok(request, await service.mappings(request.params.id)),
  );

  app.put(
    `${BASE}/:id/mappings`,
    {
      config: { permission: 'admin:upstream:edit' },
      schema: {
        tags,
        summary: 'Override one mapping (null: back to the automatic one)',
        params: ZUpstreamProviderId,
        body: ZUpstreamMappingOverride,
        response: { 200: envelopeOf(z.array(ZUpstreamMapping)) },
      },
    },
    async (request) => ok(request, await service.override(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    `${BASE}/:id/state`,
    {
      config: { permission: 'admin:upstream:list' },
      schema: {
        tags,
        summary: 'Success rate per (application, country), cost, revenue and margin, recent activations',
        params: ZUpstreamProviderId,
        response: { 200: envelopeOf(ZUpstreamProviderState) },
      },
    },
    async (request) => ok(request, await service.state(request.params.id)),
  );

  app.get(
    `${BASE}/:id/reconciliation`,
    {
      config: { permission: 'admin:upstream:list' },
      schema: {
        tags,
        summary:
          "The provider's cost ledger reconciled against its balance: last reading, net cost, discrepancy and each interval",
        description:
          'Every balance read of the provider (background refresh, Test) is compared with the change our cost ledger explains (refunds − payments in between). An unexplained change is offset against an opposite one nearby (timing); what is left after the settle window counts: negative as the discrepancy (a warning above the tolerance), positive as a credit (a top-up). Amounts in the provider currency.',
        params: ZUpstreamProviderId,
        querystring: ZUpstreamReconciliationQuery,
        response: { 200: envelopeOf(ZUpstreamReconciliation) },
      },
    },
    async (request) => ok(request, await service.reconciliation(request.params.id, request.query.days)),
  );
}
