import {
  envelopeOf,
  pagedOf,
  ZCountry,
  ZCountryBatchStatus,
  ZCountryCreate,
  ZCountryListQuery,
  ZCountryParams,
  ZCountryUpdate,
  ZUpdatedCount,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import type { CountriesService } from './countries.service';

const tags = ['countries'];

export function registerCountryRoutes(app: App, { countries }: { countries: CountriesService }) {
  app.get(
    '/api/admin/countries',
    {
      config: { permission: 'admin:country:list' },
      schema: {
        tags,
        summary: 'Countries, paged; search by code, name, dial code, 5sim slug or sms-activate id',
        querystring: ZCountryListQuery,
        response: { 200: envelopeOf(pagedOf(ZCountry)) },
      },
    },
    async (request) => ok(request, await countries.list(request.query)),
  );

  app.get(
    '/api/admin/countries/export',
    {
      config: { permission: 'admin:country:export' },
      schema: { tags, summary: 'Countries matching the filters, as CSV', querystring: ZCountryListQuery },
    },
    async (request, reply) => {
      const rows = await countries.export(request.query);
      const csv = toCsv(
        [
          { header: 'code', value: (r) => r.code },
          { header: 'dial_code', value: (r) => r.dialCode },
          { header: 'name_zh', value: (r) => r.nameZh },
          { header: 'name_en', value: (r) => r.nameEn },
          { header: 'flag', value: (r) => r.flag },
          { header: 'sms_activate_id', value: (r) => r.smsActivateId },
          { header: 'fivesim_slug', value: (r) => r.fivesimSlug },
          { header: 'enabled', value: (r) => r.enabled },
          { header: 'sort_order', value: (r) => r.sortOrder },
          { header: 'operators', value: (r) => r.operatorCount },
          { header: 'updated_at', value: (r) => r.updatedAt },
        ],
        rows,
      );
      return sendCsv(reply, 'countries.csv', csv);
    },
  );

  app.post(
    '/api/admin/countries',
    {
      config: { permission: 'admin:country:add' },
      schema: {
        tags,
        summary: 'Add a country (its "any" operator is created with it)',
        body: ZCountryCreate,
        response: { 200: envelopeOf(ZCountry) },
      },
    },
    async (request) => ok(request, await countries.create(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/countries/:code',
    {
      config: { permission: 'admin:country:edit' },
      schema: {
        tags,
        summary: 'Edit a country: only the fields sent change (names, dial code, ids, enabled, sort order)',
        params: ZCountryParams,
        body: ZCountryUpdate,
        response: { 200: envelopeOf(ZCountry) },
      },
    },
    async (request) =>
      ok(request, await countries.update(actorOf(request), request.params.code, request.body)),
  );

  app.post(
    '/api/admin/countries/batch-status',
    {
      config: { permission: 'admin:country:edit' },
      schema: {
        tags,
        summary: 'Enable or disable several countries at once',
        body: ZCountryBatchStatus,
        response: { 200: envelopeOf(ZUpdatedCount) },
      },
    },
    async (request) =>
      ok(request, await countries.setEnabled(actorOf(request), request.body.codes, request.body.enabled)),
  );

  app.delete(
    '/api/admin/countries/:code',
    {
      config: { permission: 'admin:country:del' },
      schema: {
        tags,
        summary:
          'Delete a country with its operators and price rules (refused while numbers or orders use it)',
        params: ZCountryParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await countries.remove(actorOf(request), request.params.code);
      return ok(request, null);
    },
  );
}
