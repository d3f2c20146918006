import {
  envelopeOf,
  IDEMPOTENCY_HEADER,
  pagedOf,
  type Transfer,
  ZAdminTransferFilter,
  ZAdminTransferListQuery,
  ZIdempotencyKey,
  ZMyTransfer,
  ZRentalChoice,
  ZRentalChoiceQuery,
  ZTransfer,
  ZTransferInput,
  ZTransferListQuery,
  ZUntransferable,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { type CsvColumn, sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import type { TransfersService } from './transfers.service';

const tags = ['transfers'];
const own = { permission: 'api:transfer' };

const TRANSFER_COLUMNS: CsvColumn<Transfer>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'from_username', value: (r) => r.fromUsername },
  { header: 'to_username', value: (r) => r.toUsername },
  { header: 'count', value: (r) => r.count },
  { header: 'numbers', value: (r) => r.items.map((i) => `${i.phoneNumber}/${i.applicationCode}`).join(' ') },
  { header: 'note', value: (r) => r.note },
];

export function registerTransferRoutes(app: App, { transfers }: { transfers: TransfersService }) {
  app.get(
    '/api/transfers/rentals',
    {
      config: own,
      schema: {
        tags,
        summary: 'My rentals that can be transferred (active or paused), searched by number or application',
        querystring: ZRentalChoiceQuery,
        response: { 200: envelopeOf(z.array(ZRentalChoice)) },
      },
    },
    async (request) => ok(request, await transfers.choices(request.user!.record.id, request.query.keyword)),
  );

  app.get(
    '/api/transfers/untransferable',
    {
      config: own,
      schema: {
        tags,
        summary:
          'How many of my open numbers cannot be transferred, and why (activations, suspended rentals)',
        response: { 200: envelopeOf(ZUntransferable) },
      },
    },
    async (request) => ok(request, await transfers.untransferable(request.user!.record.id)),
  );

  app.post(
    '/api/transfers',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Transfer rentals to another user by username: new owner, new tokens (old links stop working), one record. A retry with the same Idempotency-Key returns the same transfer.',
        headers: z.looseObject({ [IDEMPOTENCY_HEADER]: ZIdempotencyKey.optional() }),
        body: ZTransferInput,
        response: { 200: envelopeOf(ZMyTransfer) },
      },
    },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      return ok(
        request,
        await transfers.transfer(
          request.user!.record.id,
          request.body,
          typeof key === 'string' ? key : undefined,
        ),
      );
    },
  );

  app.get(
    '/api/transfers',
    {
      config: own,
      schema: {
        tags,
        summary: 'My transfer records, sent and received, newest first',
        querystring: ZTransferListQuery,
        response: { 200: envelopeOf(pagedOf(ZMyTransfer)) },
      },
    },
    async (request) => ok(request, await transfers.list(request.user!.record.id, request.query)),
  );

  app.get(
    '/api/admin/transfers',
    {
      config: { permission: 'admin:logs:list' },
      schema: {
        tags,
        summary: 'Every transfer (administrators); username matches either side',
        querystring: ZAdminTransferListQuery,
        response: { 200: envelopeOf(pagedOf(ZTransfer)) },
      },
    },
    async (request) => ok(request, await transfers.listAll(request.query)),
  );

  app.get(
    '/api/admin/transfers/export',
    {
      config: { permission: 'admin:logs:export' },
      schema: { tags, summary: 'Transfers matching the filters, as CSV', querystring: ZAdminTransferFilter },
    },
    async (request, reply) =>
      sendCsv(reply, 'api-transfers.csv', toCsv(TRANSFER_COLUMNS, await transfers.exportAll(request.query))),
  );
}
