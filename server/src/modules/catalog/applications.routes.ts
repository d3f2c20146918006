import {
  APP_ICON_MAX_BYTES,
  envelopeOf,
  pagedOf,
  ZApplication,
  ZApplicationCreate,
  ZApplicationListQuery,
  ZApplicationUpdate,
  ZIdParams,
  ZPatternTestInput,
  ZPatternTestResult,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { sendCsv, toCsv } from '../../lib/csv';
import type { PatternTestQuota } from '../../lib/pattern-test-quota';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import type { ApplicationsService } from './applications.service';

const tags = ['applications'];

export function registerApplicationRoutes(
  app: App,
  { applications, patternTests }: { applications: ApplicationsService; patternTests: PatternTestQuota },
) {
  app.get(
    '/api/admin/applications',
    {
      config: { permission: 'admin:application:list' },
      schema: {
        tags,
        summary: 'Applications, paged; search by code, name or 5sim product',
        querystring: ZApplicationListQuery,
        response: { 200: envelopeOf(pagedOf(ZApplication)) },
      },
    },
    async (request) => ok(request, await applications.list(request.query)),
  );

  app.get(
    '/api/admin/applications/export',
    {
      config: { permission: 'admin:application:export' },
      schema: {
        tags,
        summary: 'Applications matching the filters, as CSV',
        querystring: ZApplicationListQuery,
      },
    },
    async (request, reply) => {
      const rows = await applications.export(request.query);
      const csv = toCsv(
        [
          { header: 'id', value: (r) => r.id },
          { header: 'code', value: (r) => r.code },
          { header: 'fivesim_product', value: (r) => r.fivesimProduct },
          { header: 'name_zh', value: (r) => r.nameZh },
          { header: 'name_en', value: (r) => r.nameEn },
          { header: 'sender_pattern', value: (r) => r.senderPattern },
          { header: 'keyword_pattern', value: (r) => r.keywordPattern },
          { header: 'code_pattern', value: (r) => r.codePattern },
          { header: 'enabled', value: (r) => r.enabled },
          { header: 'sort_order', value: (r) => r.sortOrder },
        ],
        rows,
      );
      return sendCsv(reply, 'applications.csv', csv);
    },
  );

  app.post(
    '/api/admin/applications',
    {
      config: { permission: 'admin:application:add' },
      schema: {
        tags,
        summary: 'Add an application (patterns are JavaScript regular expressions, case-insensitive)',
        body: ZApplicationCreate,
        response: { 200: envelopeOf(ZApplication) },
      },
    },
    async (request) => ok(request, await applications.create(actorOf(request), request.body)),
  );

  app.post(
    '/api/admin/applications/test-patterns',
    {
      config: { permission: 'admin:application:list' },
      preHandler: patternTests,
      schema: {
        tags,
        summary:
          'Try sender/keyword/code patterns on a sample SMS: attributed or not, and the code extracted',
        body: ZPatternTestInput,
        response: { 200: envelopeOf(ZPatternTestResult) },
      },
    },
    async (request) => ok(request, applications.testPatterns(request.body)),
  );

  app.put(
    '/api/admin/applications/:id',
    {
      config: { permission: 'admin:application:edit' },
      schema: {
        tags,
        summary: 'Edit an application: only the fields sent change',
        params: ZIdParams,
        body: ZApplicationUpdate,
        response: { 200: envelopeOf(ZApplication) },
      },
    },
    async (request) =>
      ok(request, await applications.update(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/applications/:id/icon',
    {
      config: { permission: 'admin:application:edit' },
      schema: {
        tags,
        summary: `Upload an application icon (PNG, JPEG, GIF or WebP, checked by content, at most ${APP_ICON_MAX_BYTES / 1024} KB)`,
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: envelopeOf(z.object({ iconPath: z.string() })) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
      let file: Awaited<ReturnType<typeof request.file>>;
      try {
        file = await request.file({ limits: { fileSize: APP_ICON_MAX_BYTES + 1, files: 1 } });
      } catch {
        throw new AppError('FILE_REQUIRED');
      }
      if (!file) throw new AppError('FILE_REQUIRED');
      const bytes = await file.toBuffer().catch(() => {
        throw new AppError('FILE_TOO_LARGE', { maxKb: APP_ICON_MAX_BYTES / 1024 });
      });
      if (file.file.truncated) throw new AppError('FILE_TOO_LARGE', { maxKb: APP_ICON_MAX_BYTES / 1024 });
      return ok(request, await applications.uploadIcon(actorOf(request), request.params.id, bytes));
    },
  );

  app.delete(
    '/api/admin/applications/:id',
    {
      config: { permission: 'admin:application:del' },
      schema: {
        tags,
        summary: 'Delete an application and its price rules (refused while numbers or orders use it)',
        params: ZIdParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await applications.remove(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
}
