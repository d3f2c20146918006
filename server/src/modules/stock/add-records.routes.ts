import {
  envelopeOf,
  pagedOf,
  ZPhoneAddRecord,
  ZPhoneAddRecordFilter,
  ZPhoneAddRecordListQuery,
  ZPhoneIdParams,
} from '@jiema/shared';
import type { App } from '../../app-types';
import { sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { type AddRecordService, addRecordCsvColumns } from './add-records.service';

const tags = ['stock'];

export function registerAddRecordRoutes(app: App, { records }: { records: AddRecordService }) {
  app.get(
    '/api/admin/add-phone-records',
    {
      config: { permission: 'admin:add-phone-record:list' },
      schema: {
        tags,
        summary: 'Add records: each batch add with who, when and its counts',
        querystring: ZPhoneAddRecordListQuery,
        response: { 200: envelopeOf(pagedOf(ZPhoneAddRecord)) },
      },
    },
    async (request) => ok(request, await records.list(request.query)),
  );

  app.get(
    '/api/admin/add-phone-records/export',
    {
      config: { permission: 'admin:add-phone-record:export' },
      schema: {
        tags,
        summary: 'CSV of the add records matching the filters',
        querystring: ZPhoneAddRecordFilter,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `add-phone-records-${new Date().toISOString().slice(0, 10)}.csv`,
        toCsv(addRecordCsvColumns(request.locale), await records.all(request.query)),
      ),
  );

  app.get(
    '/api/admin/add-phone-records/:id/file',
    {
      config: { permission: 'admin:add-phone-record:list' },
      schema: {
        tags,
        summary: 'The original file of an add record, as it was uploaded',
        params: ZPhoneIdParams,
        produces: ['text/plain', 'text/csv'],
      },
    },
    async (request, reply) => {
      const file = await records.file(request.params.id);
      return reply
        .header('content-type', `${file.contentType}; charset=utf-8`)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(file.bytes);
    },
  );
}
