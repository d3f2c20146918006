import {
  envelopeOf,
  pagedOf,
  ZPhoneBulkResult,
  ZPhoneIdParams,
  ZPhoneNumber,
  ZPhoneNumberBulkDelete,
  ZPhoneNumberBulkState,
  ZPhoneNumberFilter,
  ZPhoneNumberListQuery,
  ZPhoneNumberUpdate,
  ZStockOptions,
} from '@jiema/shared';
import type { App } from '../../app-types';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { csvStream, sendCsvStream } from './csv-stream';
import { type PhoneNumberService, phoneCsvColumns } from './phone-numbers.service';

const tags = ['stock'];

export function registerPhoneNumberRoutes(app: App, { numbers }: { numbers: PhoneNumberService }) {
  app.get(
    '/api/admin/phone-numbers',
    {
      config: { permission: 'admin:phone:list' },
      schema: {
        tags,
        summary:
          'Numbers in stock: filters (country, operator, prefix, state, source, card use), sorting, paging',
        querystring: ZPhoneNumberListQuery,
        response: { 200: envelopeOf(pagedOf(ZPhoneNumber)) },
      },
    },
    async (request) => ok(request, await numbers.list(request.query)),
  );

  app.get(
    '/api/admin/phone-numbers/export',
    {
      config: { permission: 'admin:phone:export' },
      schema: {
        tags,
        summary: 'CSV of every number matching the filters (streamed)',
        querystring: ZPhoneNumberFilter,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendCsvStream(
        reply,
        `phone-numbers-${new Date().toISOString().slice(0, 10)}.csv`,
        csvStream(phoneCsvColumns(request.locale), numbers.exportPages(request.query)),
      ),
  );

  app.get(
    '/api/admin/phone-numbers/options',
    {
      config: { permission: 'admin:phone:list' },
      schema: {
        tags,
        summary: 'Countries, operators, applications and sources for the filters',
        response: { 200: envelopeOf(ZStockOptions) },
      },
    },
    async (request) => ok(request, await numbers.options()),
  );

  app.put(
    '/api/admin/phone-numbers/:id',
    {
      config: { permission: 'admin:phone:edit' },
      schema: {
        tags,
        summary: "Change a number's operator (within its country) or source",
        params: ZPhoneIdParams,
        body: ZPhoneNumberUpdate,
        response: { 200: envelopeOf(ZPhoneNumber) },
      },
    },
    async (request) => ok(request, await numbers.update(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/phone-numbers/state',
    {
      config: { permission: 'admin:phone:edit' },
      schema: {
        tags,
        summary: 'Enable or disable the selected numbers, or all numbers matching a filter',
        body: ZPhoneNumberBulkState,
        response: { 200: envelopeOf(ZPhoneBulkResult) },
      },
    },
    async (request) => ok(request, await numbers.setState(actorOf(request), request.body)),
  );

  app.post(
    '/api/admin/phone-numbers/delete',
    {
      config: { permission: 'admin:phone:del' },
      schema: {
        tags,
        summary: 'Delete the selected numbers (numbers in use are kept)',
        body: ZPhoneNumberBulkDelete,
        response: { 200: envelopeOf(ZPhoneBulkResult) },
      },
    },
    async (request) => ok(request, await numbers.remove(actorOf(request), request.body.ids)),
  );
}
