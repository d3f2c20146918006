import {
  type AdminLedgerEntry,
  envelopeOf,
  type FinanceRecord,
  pagedOf,
  ZAdminLedgerEntry,
  ZAdminLedgerQuery,
  ZFinanceRecord,
  ZFinanceRecordParams,
  ZFinanceRecordQuery,
  ZReconciliation,
  ZUpstreamFinanceQuery,
  ZUpstreamFinanceReport,
} from '@jiema/shared';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { type CsvColumn, sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { createFinanceService } from './finance.service';
import { upstreamMargins } from './upstream-margins.service';

const tags = ['finance'];

const RECORD_COLUMNS: CsvColumn<FinanceRecord>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'type', value: (r) => r.type },
  { header: 'amount', value: (r) => r.amount },
  { header: 'balance_after', value: (r) => r.balanceAfter },
  { header: 'reference', value: (r) => r.reference },
  { header: 'note', value: (r) => r.note },
];

const ENTRY_COLUMNS: CsvColumn<AdminLedgerEntry>[] = [
  ...(RECORD_COLUMNS.slice(0, 2) as CsvColumn<AdminLedgerEntry>[]),
  { header: 'user_id', value: (r) => r.userId },
  { header: 'username', value: (r) => r.username },
  ...(RECORD_COLUMNS.slice(2) as CsvColumn<AdminLedgerEntry>[]),
  { header: 'actor', value: (r) => r.actorName },
];

/** Finance detail (own entries), the finance log (everyone's) and the reconciliation of balances. */
export function registerFinanceRoutes(app: App, { db }: { db: Db }) {
  const finance = createFinanceService({ db });

  app.get(
    '/api/finance/records',
    {
      config: { permission: 'finance:detail' },
      schema: {
        tags,
        summary: "The caller's own ledger entries (finance detail), with type and date filters",
        querystring: ZFinanceRecordQuery,
        response: { 200: envelopeOf(pagedOf(ZFinanceRecord)) },
      },
    },
    async (request) => ok(request, await finance.listOwn(request.user!.record.id, request.query)),
  );

  app.get(
    '/api/finance/records/export',
    {
      config: { permission: 'finance:detail' },
      schema: {
        tags,
        summary: "The caller's own entries matching the filters, as CSV",
        querystring: ZFinanceRecordQuery,
      },
    },
    async (request, reply) => {
      const rows = await finance.exportOwn(request.user!.record.id, request.query);
      return sendCsv(reply, 'finance-records.csv', toCsv(RECORD_COLUMNS, rows));
    },
  );

  app.get(
    '/api/finance/records/:id',
    {
      config: { permission: 'finance:detail' },
      schema: {
        tags,
        summary: "One of the caller's own entries (another user's answers 404)",
        params: ZFinanceRecordParams,
        response: { 200: envelopeOf(ZFinanceRecord) },
      },
    },
    async (request) => ok(request, await finance.findOwn(request.user!.record.id, request.params.id)),
  );

  app.get(
    '/api/admin/finance/records',
    {
      config: { permission: 'admin:logs:list' },
      schema: {
        tags,
        summary: "Everyone's ledger entries (finance log): user, type, date range and reference filters",
        querystring: ZAdminLedgerQuery,
        response: { 200: envelopeOf(pagedOf(ZAdminLedgerEntry)) },
      },
    },
    async (request) => ok(request, await finance.listAll(request.query)),
  );

  app.get(
    '/api/admin/finance/records/export',
    {
      config: { permission: 'admin:logs:export' },
      schema: {
        tags,
        summary: 'Ledger entries matching the filters, as CSV',
        querystring: ZAdminLedgerQuery,
      },
    },
    async (request, reply) => {
      const rows = await finance.exportAll(request.query);
      return sendCsv(reply, 'finance-log.csv', toCsv(ENTRY_COLUMNS, rows));
    },
  );

  app.get(
    '/api/admin/finance/reconciliation',
    {
      config: { permission: 'admin:tools:list' },
      schema: {
        tags,
        summary:
          'Checks that every balance equals the sum of its ledger entries; lists the users that do not',
        response: { 200: envelopeOf(ZReconciliation) },
      },
    },
    async (request) => ok(request, await finance.reconcile()),
  );

  app.get(
    '/api/admin/finance/upstream-providers',
    {
      config: { permission: 'admin:logs:list' },
      schema: {
        tags,
        summary: 'Cost, revenue and margin per upstream provider (USDT) for the numbers bought in the period',
        querystring: ZUpstreamFinanceQuery,
        response: { 200: envelopeOf(ZUpstreamFinanceReport) },
      },
    },
    async (request) => ok(request, await upstreamMargins(db, request.query)),
  );
}
