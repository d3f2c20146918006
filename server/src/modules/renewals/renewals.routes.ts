import {
  envelopeOf,
  IDEMPOTENCY_HEADER,
  pagedOf,
  type RenewalRecord,
  ZAdminRenewalFilter,
  ZAdminRenewalListQuery,
  ZIdempotencyKey,
  ZRenewableListQuery,
  ZRenewableRental,
  ZRenewalChoices,
  ZRenewalCreate,
  ZRenewalInput,
  ZRenewalListQuery,
  ZRenewalQuote,
  ZRenewalRecord,
  ZRenewalResult,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { type CsvColumn, sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { createRenewalsService } from './renewals.service';

const tags = ['renewals'];
const own = { permission: 'api:renew' };

const RECORD_COLUMNS: CsvColumn<RenewalRecord>[] = [
  { header: 'batch_no', value: (r) => r.batchNo },
  { header: 'username', value: (r) => r.username },
  { header: 'phone_number', value: (r) => r.phoneNumber },
  { header: 'application', value: (r) => r.applicationCode },
  { header: 'country', value: (r) => r.countryCode },
  { header: 'validity', value: (r) => r.validityNameEn },
  { header: 'validity_minutes', value: (r) => r.validityMinutes },
  { header: 'price_usdt', value: (r) => r.price },
  { header: 'expires_before', value: (r) => r.expiresBefore },
  { header: 'expires_after', value: (r) => r.expiresAfter },
  { header: 'created_at', value: (r) => r.createdAt },
];

/** The renewal center (a user's day rentals) and the administrators' renewal records. */
export function registerRenewalRoutes(app: App, { db }: { db: Db }) {
  const renewals = createRenewalsService({ db });

  app.get(
    '/api/renewals/choices',
    {
      config: own,
      schema: {
        tags,
        summary: 'Day-rental validities on sale (what a renewal may add) and applications for the filters',
        response: { 200: envelopeOf(ZRenewalChoices) },
      },
    },
    async (request) => ok(request, await renewals.choices()),
  );

  app.get(
    '/api/renewals/rentals',
    {
      config: own,
      schema: {
        tags,
        summary: 'My day rentals that can be renewed now (active or paused, not past their end)',
        querystring: ZRenewableListQuery,
        response: { 200: envelopeOf(pagedOf(ZRenewableRental)) },
      },
    },
    async (request) => ok(request, await renewals.renewable(request.user!.record.id, request.query)),
  );

  app.post(
    '/api/renewals/quote',
    {
      config: own,
      schema: {
        tags,
        summary:
          'The price of renewing my chosen rentals by a validity, per rental and in total (nothing is charged)',
        body: ZRenewalInput,
        response: { 200: envelopeOf(ZRenewalQuote) },
      },
    },
    async (request) => ok(request, await renewals.quote(request.user!.record.id, request.body)),
  );

  app.post(
    '/api/renewals',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Renew my rentals: each expiry extended by the validity, charged once, recorded, all in one transaction or nothing. A retry with the same Idempotency-Key returns the same renewal.',
        headers: z.looseObject({ [IDEMPOTENCY_HEADER]: ZIdempotencyKey.optional() }),
        body: ZRenewalCreate,
        response: { 200: envelopeOf(ZRenewalResult) },
      },
    },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      return ok(
        request,
        await renewals.renew(
          request.user!.record.id,
          request.body,
          typeof key === 'string' ? key : undefined,
        ),
      );
    },
  );

  app.get(
    '/api/renewals',
    {
      config: own,
      schema: {
        tags,
        summary: 'My renewal records, newest first',
        querystring: ZRenewalListQuery,
        response: { 200: envelopeOf(pagedOf(ZRenewalRecord)) },
      },
    },
    async (request) => ok(request, await renewals.list(request.user!.record.id, request.query)),
  );

  app.get(
    '/api/admin/renewals',
    {
      config: { permission: 'admin:logs:list' },
      schema: {
        tags,
        summary: 'Every renewal record (administrators)',
        querystring: ZAdminRenewalListQuery,
        response: { 200: envelopeOf(pagedOf(ZRenewalRecord)) },
      },
    },
    async (request) => ok(request, await renewals.list(null, request.query)),
  );

  app.get(
    '/api/admin/renewals/export',
    {
      config: { permission: 'admin:logs:export' },
      schema: {
        tags,
        summary: 'Renewal records matching the filters, as CSV',
        querystring: ZAdminRenewalFilter,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'renewal-records.csv',
        toCsv(RECORD_COLUMNS, await renewals.export(null, request.query)),
      ),
  );
}
