import {
  envelopeOf,
  pagedOf,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_COUNT,
  ZMyTicketQuery,
  ZTicketCreateInput,
  ZTicketDetail,
  ZTicketFileParams,
  ZTicketParams,
  ZTicketRateInput,
  ZTicketReplyInput,
  ZTicketSummary,
  ZTicketUnread,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { registerTicketAdminRoutes } from './ticket-admin.routes';
import { sendTicketFile, ticketActorOf } from './ticket-http';
import { readFormWithFiles } from './ticket-uploads';
import { createTicketsService } from './tickets.service';

const tags = ['tickets'];
const images = `up to ${TICKET_ATTACHMENT_MAX_COUNT} files (JPG, PNG, GIF, WebP, PDF, DOC, DOCX, TXT, ZIP) of at most ${TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB as \`files\`, checked by content`;

/** The customer's own tickets (spec §2 work-order, work-order-record); staff routes beside. */
export function registerTicketRoutes(app: App, { db, adminUsername }: { db: Db; adminUsername: string }) {
  const tickets = createTicketsService({ db });
  const records = { permission: 'ticket:records' };

  app.post(
    '/api/tickets',
    {
      config: { permission: 'ticket:create' },
      schema: {
        tags,
        summary: `Submit a ticket: type, title, description, priority (normal or urgent) as form fields or JSON; ${images}`,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: envelopeOf(ZTicketSummary) },
      },
    },
    async (request) => {
      const { input, files } = await readFormWithFiles(request, ZTicketCreateInput);
      return ok(request, await tickets.create(ticketActorOf(request), input, files));
    },
  );

  app.get(
    '/api/tickets',
    {
      config: records,
      schema: {
        tags,
        summary: 'My tickets, newest first, with status, last reply and unread replies',
        querystring: ZMyTicketQuery,
        response: { 200: envelopeOf(pagedOf(ZTicketSummary)) },
      },
    },
    async (request) => ok(request, await tickets.list(request.user!.record.id, request.query)),
  );

  app.get(
    '/api/tickets/unread',
    {
      config: records,
      schema: {
        tags,
        summary: 'How many replies and status changes of support I have not read (the menu badge)',
        response: { 200: envelopeOf(ZTicketUnread) },
      },
    },
    async (request) => ok(request, await tickets.unread(request.user!.record.id)),
  );

  app.get(
    '/api/tickets/:id',
    {
      config: records,
      schema: {
        tags,
        summary: 'One of my tickets with its conversation; marks it read',
        params: ZTicketParams,
        response: { 200: envelopeOf(ZTicketDetail) },
      },
    },
    async (request) => ok(request, await tickets.detail(request.user!.record.id, request.params.id)),
  );

  app.post(
    '/api/tickets/:id/replies',
    {
      config: records,
      schema: {
        tags,
        summary: `Reply to my ticket: content (1-1000) as a form field or JSON; ${images}`,
        consumes: ['multipart/form-data', 'application/json'],
        params: ZTicketParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { input, files } = await readFormWithFiles(request, ZTicketReplyInput);
      await tickets.reply(ticketActorOf(request), request.params.id, input, files);
      return ok(request, null);
    },
  );

  app.post(
    '/api/tickets/:id/rating',
    {
      config: records,
      schema: {
        tags,
        summary: 'Rate my completed ticket 1-5 with feedback, once',
        params: ZTicketParams,
        body: ZTicketRateInput,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await tickets.rate(request.user!.record.id, request.params.id, request.body);
      return ok(request, null);
    },
  );

  app.post(
    '/api/tickets/:id/reopen',
    {
      config: records,
      schema: {
        tags,
        summary: 'Reopen my completed, unrated ticket within the reopen window',
        params: ZTicketParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await tickets.reopen(ticketActorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    '/api/tickets/:id/files/:fileId',
    {
      config: records,
      schema: { tags, summary: 'An attachment of my ticket', params: ZTicketFileParams },
    },
    async (request, reply) =>
      sendTicketFile(
        reply,
        await tickets.file(request.user!.record.id, request.params.id, request.params.fileId),
      ),
  );

  registerTicketAdminRoutes(app, { db, adminUsername });
}
