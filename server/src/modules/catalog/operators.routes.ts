import {
  envelopeOf,
  pagedOf,
  ZIdParams,
  ZOperator,
  ZOperatorCreate,
  ZOperatorListQuery,
  ZOperatorUpdate,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import type { OperatorsService } from './operators.service';

const tags = ['operators'];

export function registerOperatorRoutes(app: App, { operators }: { operators: OperatorsService }) {
  app.get(
    '/api/admin/operators',
    {
      config: { permission: 'admin:operator:list' },
      schema: {
        tags,
        summary: 'Operators (carriers), paged; filter by country, search by code, name or 5sim slug',
        querystring: ZOperatorListQuery,
        response: { 200: envelopeOf(pagedOf(ZOperator)) },
      },
    },
    async (request) => ok(request, await operators.list(request.query)),
  );

  app.get(
    '/api/admin/operators/export',
    {
      config: { permission: 'admin:operator:export' },
      schema: { tags, summary: 'Operators matching the filters, as CSV', querystring: ZOperatorListQuery },
    },
    async (request, reply) => {
      const rows = await operators.export(request.query);
      const csv = toCsv(
        [
          { header: 'id', value: (r) => r.id },
          { header: 'country_code', value: (r) => r.countryCode },
          { header: 'country_name_en', value: (r) => r.countryNameEn },
          { header: 'code', value: (r) => r.code },
          { header: 'name', value: (r) => r.name },
          { header: 'fivesim_slug', value: (r) => r.fivesimSlug },
          { header: 'enabled', value: (r) => r.enabled },
          { header: 'sort_order', value: (r) => r.sortOrder },
        ],
        rows,
      );
      return sendCsv(reply, 'operators.csv', csv);
    },
  );

  app.post(
    '/api/admin/operators',
    {
      config: { permission: 'admin:operator:add' },
      schema: {
        tags,
        summary: 'Add an operator to a country',
        body: ZOperatorCreate,
        response: { 200: envelopeOf(ZOperator) },
      },
    },
    async (request) => ok(request, await operators.create(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/operators/:id',
    {
      config: { permission: 'admin:operator:edit' },
      schema: {
        tags,
        summary: 'Edit an operator: only the fields sent change (the "any" operator keeps its code)',
        params: ZIdParams,
        body: ZOperatorUpdate,
        response: { 200: envelopeOf(ZOperator) },
      },
    },
    async (request) => ok(request, await operators.update(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/operators/:id',
    {
      config: { permission: 'admin:operator:del' },
      schema: {
        tags,
        summary: 'Delete an operator and its price rules (not "any", not while numbers or orders use it)',
        params: ZIdParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await operators.remove(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
}
