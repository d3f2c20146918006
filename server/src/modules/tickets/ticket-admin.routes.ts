import {
  envelopeOf,
  pagedOf,
  ZAdminTicketDetail,
  ZAdminTicketExportQuery,
  ZAdminTicketQuery,
  ZAdminTicketSummary,
  ZTicketAssignInput,
  ZTicketFileParams,
  ZTicketParams,
  ZTicketPriorityInput,
  ZTicketRemarkInput,
  ZTicketReplyInput,
  ZTicketSlaRow,
  ZTicketStaffMember,
  ZTicketStatusInput,
  ZTicketUnread,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createTicketAdminService } from './ticket-admin.service';
import { sendTicketFile } from './ticket-http';
import { readFormWithFiles } from './ticket-uploads';
import { ticketCsvColumns } from './tickets.csv';

const tags = ['ticket management'];
const BASE = '/api/admin/tickets';

/** Staff ticket management (spec §2 admin/ticket-manage), each route behind its `admin:ticket:*` permission. */
export function registerTicketAdminRoutes(
  app: App,
  { db, adminUsername }: { db: Db; adminUsername: string },
) {
  const service = createTicketAdminService({ db, adminUsername });
  const list = { permission: 'admin:ticket:list' };
  const done = envelopeOf(z.null());

  app.get(
    BASE,
    {
      config: list,
      schema: {
        tags,
        summary: 'The ticket queue: status, priority, type, assignee, customer, keyword, dates, overdue',
        querystring: ZAdminTicketQuery,
        response: { 200: envelopeOf(pagedOf(ZAdminTicketSummary)) },
      },
    },
    async (request) => ok(request, await service.list(request.query)),
  );

  app.get(
    `${BASE}/export`,
    {
      config: { permission: 'admin:ticket:export' },
      schema: {
        tags,
        summary: 'The tickets the filters select, as CSV',
        querystring: ZAdminTicketExportQuery,
      },
    },
    async (request, reply) => {
      const rows = await service.exportRows(request.query);
      return sendCsv(reply, 'tickets.csv', toCsv(ticketCsvColumns(request.locale), rows));
    },
  );

  app.get(
    `${BASE}/unread`,
    {
      config: list,
      schema: {
        tags,
        summary: 'Customer messages no staff member has read yet',
        response: { 200: envelopeOf(ZTicketUnread) },
      },
    },
    async (request) => ok(request, await service.unread()),
  );

  app.get(
    `${BASE}/sla`,
    {
      config: list,
      schema: {
        tags,
        summary: 'Service targets per priority and how the tickets stand against them',
        response: { 200: envelopeOf(z.array(ZTicketSlaRow)) },
      },
    },
    async (request) => ok(request, await service.sla()),
  );

  app.get(
    `${BASE}/staff`,
    {
      config: { permission: 'admin:ticket:assign' },
      schema: {
        tags,
        summary: 'Who a ticket can be assigned to (holders of admin:ticket:reply)',
        response: { 200: envelopeOf(z.array(ZTicketStaffMember)) },
      },
    },
    async (request) => ok(request, await service.staff()),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: list,
      schema: {
        tags,
        summary: 'A ticket with its whole conversation, internal remarks included; marks it read',
        params: ZTicketParams,
        response: { 200: envelopeOf(ZAdminTicketDetail) },
      },
    },
    async (request) => ok(request, await service.detail(request.params.id)),
  );

  app.get(
    `${BASE}/:id/files/:fileId`,
    { config: list, schema: { tags, summary: 'An image of a ticket', params: ZTicketFileParams } },
    async (request, reply) =>
      sendTicketFile(reply, await service.file(request.params.id, request.params.fileId)),
  );

  app.put(
    `${BASE}/:id/assignee`,
    {
      config: { permission: 'admin:ticket:assign' },
      schema: {
        tags,
        summary: 'Assign (or unassign)',
        params: ZTicketParams,
        body: ZTicketAssignInput,
        response: { 200: done },
      },
    },
    async (request) => {
      await service.assign(actorOf(request), request.params.id, request.body.assigneeId);
      return ok(request, null);
    },
  );

  app.put(
    `${BASE}/:id/status`,
    {
      config: { permission: 'admin:ticket:edit' },
      schema: {
        tags,
        summary: 'Change the status: pending → processing → completed, or → closed',
        params: ZTicketParams,
        body: ZTicketStatusInput,
        response: { 200: done },
      },
    },
    async (request) => {
      await service.changeStatus(actorOf(request), request.params.id, request.body.status);
      return ok(request, null);
    },
  );

  app.put(
    `${BASE}/:id/priority`,
    {
      config: { permission: 'admin:ticket:edit' },
      schema: {
        tags,
        summary: 'Change the priority',
        params: ZTicketParams,
        body: ZTicketPriorityInput,
        response: { 200: done },
      },
    },
    async (request) => {
      await service.changePriority(actorOf(request), request.params.id, request.body.priority);
      return ok(request, null);
    },
  );

  app.post(
    `${BASE}/:id/replies`,
    {
      config: { permission: 'admin:ticket:reply' },
      schema: {
        tags,
        summary: 'Reply to the customer (content 1-1000; attachments as multipart `files`)',
        consumes: ['multipart/form-data', 'application/json'],
        params: ZTicketParams,
        response: { 200: done },
      },
    },
    async (request) => {
      const { input, files } = await readFormWithFiles(request, ZTicketReplyInput);
      await service.reply(actorOf(request), request.params.id, input.content, files);
      return ok(request, null);
    },
  );

  app.post(
    `${BASE}/:id/remarks`,
    {
      config: { permission: 'admin:ticket:reply' },
      schema: {
        tags,
        summary: 'Add an internal remark (never shown to the customer)',
        params: ZTicketParams,
        body: ZTicketRemarkInput,
        response: { 200: done },
      },
    },
    async (request) => {
      await service.remark(actorOf(request), request.params.id, request.body.content);
      return ok(request, null);
    },
  );
}
