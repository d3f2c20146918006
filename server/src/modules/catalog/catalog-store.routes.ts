import {
  envelopeOf,
  ZCountryParams,
  ZPriceAnswer,
  ZPriceQuery,
  ZStoreApplication,
  ZStoreCountry,
  ZStoreOperator,
  ZStoreValidityOption,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { ok } from '../../lib/reply';
import type { ApiOptionsService } from './api-options.service';
import type { CatalogStoreService } from './catalog-store.service';

const tags = ['catalog'];
const config = { permission: 'api:store' };

/** What a logged-in customer may choose from in the API store: enabled entries only. */
export function registerCatalogStoreRoutes(
  app: App,
  { store, apiOptions }: { store: CatalogStoreService; apiOptions: ApiOptionsService },
) {
  app.get(
    '/api/catalog/countries',
    {
      config,
      schema: {
        tags,
        summary: 'Enabled countries, in display order',
        response: { 200: envelopeOf(z.array(ZStoreCountry)) },
      },
    },
    async (request) => ok(request, await store.countries()),
  );

  app.get(
    '/api/catalog/countries/:code/operators',
    {
      config,
      schema: {
        tags,
        summary:
          'Enabled operators of an enabled country ("any" first); empty for an unknown or disabled country',
        params: ZCountryParams,
        response: { 200: envelopeOf(z.array(ZStoreOperator)) },
      },
    },
    async (request) => ok(request, await store.operators(request.params.code)),
  );

  app.get(
    '/api/catalog/applications',
    {
      config,
      schema: {
        tags,
        summary: 'Enabled applications, in display order',
        response: { 200: envelopeOf(z.array(ZStoreApplication)) },
      },
    },
    async (request) => ok(request, await store.applications()),
  );

  app.get(
    '/api/catalog/validity-options',
    {
      config,
      schema: {
        tags,
        summary: 'Enabled validity options (activation minutes, rental days)',
        response: { 200: envelopeOf(z.array(ZStoreValidityOption)) },
      },
    },
    async (request) => ok(request, await store.validityOptions()),
  );

  app.get(
    '/api/catalog/price',
    {
      config,
      schema: {
        tags,
        summary:
          'The price of one number for application, country (operator), card type and validity; null: not priced',
        querystring: ZPriceQuery,
        response: { 200: envelopeOf(ZPriceAnswer) },
      },
    },
    async (request) => {
      const rule = await apiOptions.resolvePrice(request.query);
      return ok(request, { price: rule?.price ?? null, ruleId: rule?.id ?? null });
    },
  );
}
