import {
  envelopeOf,
  pagedOf,
  ZPhoneUsageFilter,
  ZPhoneUsageListQuery,
  ZPhoneUsageRecord,
  ZSmsApplication,
  ZSmsHistoryFilter,
  ZSmsHistoryItem,
  ZSmsHistoryListQuery,
  ZSmsRecord,
  ZSmsRecordFilter,
  ZSmsRecordListQuery,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { historyCsvColumns, recordCsvColumns, usageCsvColumns } from './sms-history.csv';
import type { SmsHistoryService } from './sms-history.service';

const tags = ['sms-history'];

/** Spec §2 jiema-history (the owner's codes) and the admin logs sms-records and phone-usage-records. */
export function registerSmsHistoryRoutes(app: App, { smsHistory }: { smsHistory: SmsHistoryService }) {
  // ------------------------------------------------------------ the owner's code receive history
  const own = { permission: 'api:records' };

  app.get(
    '/api/sms-history',
    {
      config: own,
      schema: {
        tags,
        summary: 'Code receive history: every SMS that reached my rentals, newest first',
        querystring: ZSmsHistoryListQuery,
        response: { 200: envelopeOf(pagedOf(ZSmsHistoryItem)) },
      },
    },
    async (request) => ok(request, await smsHistory.history(request.user!.record.id, request.query)),
  );

  app.get(
    '/api/sms-history/export',
    {
      config: own,
      schema: {
        tags,
        summary: 'My received SMS matching the filters, as CSV',
        querystring: ZSmsHistoryFilter,
      },
    },
    async (request, reply) => {
      const rows = await smsHistory.exportHistory(request.user!.record.id, request.query);
      return sendCsv(reply, 'sms-history.csv', toCsv(historyCsvColumns(request.locale), rows));
    },
  );

  app.get(
    '/api/sms-history/applications',
    {
      config: own,
      schema: {
        tags,
        summary: 'The applications I have rented numbers for (for filtering the history)',
        response: { 200: envelopeOf(z.array(ZSmsApplication)) },
      },
    },
    async (request) => ok(request, await smsHistory.historyApplications(request.user!.record.id)),
  );

  // ------------------------------------------------------------ administrators' logs
  const list = { permission: 'admin:logs:list' };
  const exportable = { permission: 'admin:logs:export' };

  app.get(
    '/api/admin/sms-records',
    {
      config: list,
      schema: {
        tags,
        summary: 'Every stored SMS, matched to a rental or not, newest first',
        querystring: ZSmsRecordListQuery,
        response: { 200: envelopeOf(pagedOf(ZSmsRecord)) },
      },
    },
    async (request) => ok(request, await smsHistory.records(request.query)),
  );

  app.get(
    '/api/admin/sms-records/export',
    {
      config: exportable,
      schema: { tags, summary: 'Stored SMS matching the filters, as CSV', querystring: ZSmsRecordFilter },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'sms-records.csv',
        toCsv(recordCsvColumns(request.locale), await smsHistory.exportRecords(request.query)),
      ),
  );

  app.get(
    '/api/admin/phone-usage-records',
    {
      config: list,
      schema: {
        tags,
        summary:
          'Phone usage: one row per rental (who used which number for which application, and how it ended)',
        querystring: ZPhoneUsageListQuery,
        response: { 200: envelopeOf(pagedOf(ZPhoneUsageRecord)) },
      },
    },
    async (request) => ok(request, await smsHistory.phoneUsage(request.query)),
  );

  app.get(
    '/api/admin/phone-usage-records/export',
    {
      config: exportable,
      schema: {
        tags,
        summary: 'Phone usage records matching the filters, as CSV',
        querystring: ZPhoneUsageFilter,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'phone-usage-records.csv',
        toCsv(usageCsvColumns(request.locale), await smsHistory.exportPhoneUsage(request.query)),
      ),
  );

  app.get(
    '/api/admin/sms-history/applications',
    {
      config: list,
      schema: {
        tags,
        summary: 'Every application, disabled ones too (for filtering the logs)',
        response: { 200: envelopeOf(z.array(ZSmsApplication)) },
      },
    },
    async (request) => ok(request, await smsHistory.applications()),
  );
}
