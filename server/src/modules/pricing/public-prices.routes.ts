import { envelopeOf, ZPublicPriceList } from '@jiema/shared';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { createPublicPriceService } from './public-prices.service';

/** The public price list of /pricing: no account, answered from a short cache. */
export function registerPublicPriceRoutes(
  app: App,
  { db, ttlSeconds, cooldownMinutes }: { db: Db; ttlSeconds: number; cooldownMinutes: number },
) {
  const prices = createPublicPriceService({ db, ttlMs: ttlSeconds * 1000, cooldownMinutes });
  app.get(
    '/api/public/prices',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['pricing'],
        summary: 'Public price list: lowest price and stock level per application and country',
        security: [],
        response: { 200: envelopeOf(ZPublicPriceList) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${ttlSeconds}`);
      return ok(request, await prices.list());
    },
  );
}
