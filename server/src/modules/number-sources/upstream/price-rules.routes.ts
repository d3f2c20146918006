import {
  envelopeOf,
  ZUpstreamPriceRule,
  ZUpstreamPriceRuleParams,
  ZUpstreamPriceRuleWrite,
  ZUpstreamProviderId,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../../app-types';
import type { Db } from '../../../db/client';
import { ok } from '../../../lib/reply';
import { actorOf } from '../../audit/audit';
import { createUpstreamPriceRulesService } from './price-rules.service';

const tags = ['upstream-providers'];
const BASE = '/api/admin/upstream-providers/:id/price-rules';

/** A provider's price rules per (country, application) (admin). */
export function registerUpstreamPriceRuleRoutes(app: App, { db }: { db: Db }) {
  const service = createUpstreamPriceRulesService({ db });
  const rules = envelopeOf(z.array(ZUpstreamPriceRule));

  app.get(
    BASE,
    {
      config: { permission: 'admin:upstream:list' },
      schema: {
        tags,
        summary: "The provider's price rules per application and/or country",
        params: ZUpstreamProviderId,
        response: { 200: rules },
      },
    },
    async (request) => ok(request, await service.list(request.params.id)),
  );

  app.put(
    BASE,
    {
      config: { permission: 'admin:upstream:edit' },
      schema: {
        tags,
        summary:
          'Set the margin (percent, fixed) and/or ceiling for an application and/or country; the same target replaces its rule',
        params: ZUpstreamProviderId,
        body: ZUpstreamPriceRuleWrite,
        response: { 200: rules },
      },
    },
    async (request) => ok(request, await service.save(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    `${BASE}/:ruleId`,
    {
      config: { permission: 'admin:upstream:edit' },
      schema: {
        tags,
        summary: 'Remove a price rule (the provider’s own terms apply again)',
        params: ZUpstreamPriceRuleParams,
        response: { 200: rules },
      },
    },
    async (request) =>
      ok(request, await service.remove(actorOf(request), request.params.id, request.params.ruleId)),
  );
}
