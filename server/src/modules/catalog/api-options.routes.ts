import {
  envelopeOf,
  pagedOf,
  ZCatalogOptions,
  ZIdParams,
  ZPriceAnswer,
  ZPriceBulkEdit,
  ZPriceQuery,
  ZPriceRule,
  ZPriceRuleCreate,
  ZPriceRuleListQuery,
  ZPriceRuleUpdate,
  ZUpdatedCount,
  ZValidityOption,
  ZValidityOptionCreate,
  ZValidityOptionListQuery,
  ZValidityOptionUpdate,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import type { ApiOptionsService } from './api-options.service';
import type { CatalogStoreService } from './catalog-store.service';

const tags = ['api-options'];

/** Admin "API options": the validity options on sale and the price rules. */
export function registerApiOptionRoutes(
  app: App,
  { apiOptions, store }: { apiOptions: ApiOptionsService; store: CatalogStoreService },
) {
  app.get(
    '/api/admin/catalog-options',
    {
      config: { permission: 'admin:api-option:list' },
      schema: {
        tags,
        summary:
          'Every country, application and validity option (enabled or not), for the price rule selects',
        response: { 200: envelopeOf(ZCatalogOptions) },
      },
    },
    async (request) => ok(request, await store.adminOptions()),
  );

  // ---------------------------------------------------------------- validity options

  app.get(
    '/api/admin/validity-options',
    {
      config: { permission: 'admin:api-option:list' },
      schema: {
        tags,
        summary: 'Validity options (activations of N minutes, rentals of N days), paged',
        querystring: ZValidityOptionListQuery,
        response: { 200: envelopeOf(pagedOf(ZValidityOption)) },
      },
    },
    async (request) => ok(request, await apiOptions.listValidityOptions(request.query)),
  );

  app.post(
    '/api/admin/validity-options',
    {
      config: { permission: 'admin:api-option:add' },
      schema: {
        tags,
        summary: 'Add a validity option (duration in minutes)',
        body: ZValidityOptionCreate,
        response: { 200: envelopeOf(ZValidityOption) },
      },
    },
    async (request) => ok(request, await apiOptions.createValidityOption(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/validity-options/:id',
    {
      config: { permission: 'admin:api-option:edit' },
      schema: {
        tags,
        summary: 'Edit a validity option: only the fields sent change',
        params: ZIdParams,
        body: ZValidityOptionUpdate,
        response: { 200: envelopeOf(ZValidityOption) },
      },
    },
    async (request) =>
      ok(request, await apiOptions.updateValidityOption(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/validity-options/:id',
    {
      config: { permission: 'admin:api-option:del' },
      schema: {
        tags,
        summary: 'Delete a validity option and its price rules (refused while orders use it)',
        params: ZIdParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await apiOptions.removeValidityOption(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  // ---------------------------------------------------------------- price rules

  app.get(
    '/api/admin/price-rules',
    {
      config: { permission: 'admin:api-option:list' },
      schema: {
        tags,
        summary:
          'Price rules, paged; filter by application, country, operator (`any` = the default rules), card type, validity',
        querystring: ZPriceRuleListQuery,
        response: { 200: envelopeOf(pagedOf(ZPriceRule)) },
      },
    },
    async (request) => ok(request, await apiOptions.listPriceRules(request.query)),
  );

  app.get(
    '/api/admin/price-rules/export',
    {
      config: { permission: 'admin:api-option:export' },
      schema: { tags, summary: 'Price rules matching the filters, as CSV', querystring: ZPriceRuleListQuery },
    },
    async (request, reply) => {
      const rows = await apiOptions.exportPriceRules(request.query);
      const csv = toCsv(
        [
          { header: 'id', value: (r) => r.id },
          { header: 'application', value: (r) => r.applicationCode ?? '*' },
          { header: 'country', value: (r) => r.countryCode ?? '*' },
          { header: 'operator', value: (r) => r.operatorCode ?? '*' },
          { header: 'card_type', value: (r) => r.cardType },
          { header: 'validity_kind', value: (r) => r.validityKind },
          { header: 'validity_minutes', value: (r) => r.validityMinutes },
          { header: 'price_usdt', value: (r) => r.price },
          { header: 'enabled', value: (r) => r.enabled },
          { header: 'updated_at', value: (r) => r.updatedAt },
        ],
        rows,
      );
      return sendCsv(reply, 'price-rules.csv', csv);
    },
  );

  app.get(
    '/api/admin/price-rules/resolve',
    {
      config: { permission: 'admin:api-option:list' },
      schema: {
        tags,
        summary:
          'The price a purchase would pay and the rule it comes from (operator > country > application > default)',
        querystring: ZPriceQuery,
        response: { 200: envelopeOf(ZPriceAnswer) },
      },
    },
    async (request) => {
      const rule = await apiOptions.resolvePrice(request.query);
      return ok(request, { price: rule?.price ?? null, ruleId: rule?.id ?? null });
    },
  );

  app.post(
    '/api/admin/price-rules',
    {
      config: { permission: 'admin:api-option:add' },
      schema: {
        tags,
        summary: 'Add a price rule (null application, country or operator = any)',
        body: ZPriceRuleCreate,
        response: { 200: envelopeOf(ZPriceRule) },
      },
    },
    async (request) => ok(request, await apiOptions.createPriceRule(actorOf(request), request.body)),
  );

  app.post(
    '/api/admin/price-rules/bulk-edit',
    {
      config: { permission: 'admin:api-option:edit' },
      schema: {
        tags,
        summary:
          'Change every rule the filter matches by a percentage (rounded to 6 places) or to a fixed price, at once',
        body: ZPriceBulkEdit,
        response: { 200: envelopeOf(ZUpdatedCount) },
      },
    },
    async (request) => ok(request, await apiOptions.bulkEdit(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/price-rules/:id',
    {
      config: { permission: 'admin:api-option:edit' },
      schema: {
        tags,
        summary: 'Edit a price rule: only the fields sent change',
        params: ZIdParams,
        body: ZPriceRuleUpdate,
        response: { 200: envelopeOf(ZPriceRule) },
      },
    },
    async (request) =>
      ok(request, await apiOptions.updatePriceRule(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/price-rules/:id',
    {
      config: { permission: 'admin:api-option:del' },
      schema: {
        tags,
        summary: 'Delete a price rule',
        params: ZIdParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await apiOptions.removePriceRule(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
}
