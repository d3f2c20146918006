import {
  envelopeOf,
  PHONE_IMPORT_MAX_BYTES,
  PHONE_IMPORT_MAX_LINES,
  pagedOf,
  ZPhoneIdParams,
  ZPhoneImport,
  ZPhoneImportItem,
  ZPhoneImportItemsQuery,
  ZPhoneImportOptions,
  ZStockOptions,
} from '@jiema/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { type PhoneImportService, toPhoneImport } from './phone-imports.service';
import type { PhoneNumberService } from './phone-numbers.service';

const tags = ['stock'];
const MAX_KB = PHONE_IMPORT_MAX_BYTES / 1024;

/** The one file of a multipart upload, whole; a missing or oversized file is a clear 400. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  let file: Awaited<ReturnType<typeof request.file>>;
  try {
    file = await request.file({ limits: { fileSize: PHONE_IMPORT_MAX_BYTES + 1, files: 1 } });
  } catch {
    throw new AppError('FILE_REQUIRED');
  }
  if (!file) throw new AppError('FILE_REQUIRED');
  const bytes = await file.toBuffer().catch(() => {
    throw new AppError('FILE_TOO_LARGE', { maxKb: MAX_KB });
  });
  if (file.file.truncated || bytes.length > PHONE_IMPORT_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', { maxKb: MAX_KB });
  return { fileName: file.filename, bytes };
}

export function registerPhoneImportRoutes(
  app: App,
  { imports, numbers }: { imports: PhoneImportService; numbers: PhoneNumberService },
) {
  app.post(
    '/api/admin/phone-imports',
    {
      config: { permission: 'admin:phone:add' },
      schema: {
        tags,
        summary: `Batch add, step 1: upload a TXT/CSV file (one number per line, or number,operator; at most ${MAX_KB / 1024} MB and ${PHONE_IMPORT_MAX_LINES} lines). The analysis runs in the background: poll the import until it is ready.`,
        consumes: ['multipart/form-data'],
        querystring: ZPhoneImportOptions,
        response: { 200: envelopeOf(ZPhoneImport) },
      },
    },
    async (request) => {
      const upload = await readUpload(request);
      const row = await imports.create(actorOf(request), request.query, upload);
      return ok(request, toPhoneImport(row, request.locale));
    },
  );

  app.get(
    '/api/admin/phone-imports/options',
    {
      config: { permission: 'admin:phone:add' },
      schema: {
        tags,
        summary: 'Countries, operators and sources for the batch add form',
        response: { 200: envelopeOf(ZStockOptions) },
      },
    },
    async (request) => ok(request, await numbers.options()),
  );

  app.get(
    '/api/admin/phone-imports/:id',
    {
      config: { permission: 'admin:phone:add' },
      schema: {
        tags,
        summary: 'An import: state, progress (lines analysed, lines written) and preview counts',
        params: ZPhoneIdParams,
        response: { 200: envelopeOf(ZPhoneImport) },
      },
    },
    async (request) => ok(request, toPhoneImport(await imports.get(request.params.id), request.locale)),
  );

  app.get(
    '/api/admin/phone-imports/:id/items',
    {
      config: { permission: 'admin:phone:add' },
      schema: {
        tags,
        summary:
          'Batch add, step 2: the preview, every line with its status (valid, invalid, duplicate) and reason',
        params: ZPhoneIdParams,
        querystring: ZPhoneImportItemsQuery,
        response: { 200: envelopeOf(pagedOf(ZPhoneImportItem)) },
      },
    },
    async (request) => ok(request, await imports.items(request.params.id, request.query)),
  );

  app.post(
    '/api/admin/phone-imports/:id/commit',
    {
      config: { permission: 'admin:phone:add' },
      schema: {
        tags,
        summary:
          'Batch add, step 3: write the valid new numbers in one transaction (all or nothing); poll the import for progress and the result',
        params: ZPhoneIdParams,
        response: { 200: envelopeOf(ZPhoneImport) },
      },
    },
    async (request) =>
      ok(request, toPhoneImport(await imports.commit(actorOf(request), request.params.id), request.locale)),
  );

  app.delete(
    '/api/admin/phone-imports/:id',
    {
      config: { permission: 'admin:phone:add' },
      schema: {
        tags,
        summary: 'Abandon an import that was not written (its preview and file are removed)',
        params: ZPhoneIdParams,
        response: { 200: envelopeOf(ZPhoneImport) },
      },
    },
    async (request) => ok(request, toPhoneImport(await imports.cancel(request.params.id), request.locale)),
  );
}
