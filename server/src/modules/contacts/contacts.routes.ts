import {
  envelopeOf,
  pagedOf,
  ZContact,
  ZContactInput,
  ZContactParams,
  ZContactQuery,
  ZEnabledToggle,
  ZPublicContact,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createContactService } from './contacts.service';

const tags = ['contacts'];
const BASE = '/api/admin/contacts';

/** Contact channels: managed in admin / tools, shown on the public /contact page. */
export function registerContactRoutes(app: App, { db }: { db: Db }) {
  const service = createContactService({ db });

  app.get(
    '/api/contacts',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'The enabled contact channels, in display order (public)',
        security: [],
        response: { 200: envelopeOf(z.array(ZPublicContact)) },
      },
    },
    async (request) => ok(request, await service.listPublic()),
  );

  app.get(
    BASE,
    {
      config: { permission: 'admin:contact:list' },
      schema: {
        tags,
        summary: 'List contact channels (type, keyword; paged, sortable)',
        querystring: ZContactQuery,
        response: { 200: envelopeOf(pagedOf(ZContact)) },
      },
    },
    async (request) => ok(request, await service.list(request.query)),
  );

  app.post(
    BASE,
    {
      config: { permission: 'admin:contact:add' },
      schema: {
        tags,
        summary: 'Add a contact channel',
        body: ZContactInput,
        response: { 200: envelopeOf(ZContact) },
      },
    },
    async (request) => ok(request, await service.create(actorOf(request), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:contact:edit' },
      schema: {
        tags,
        summary: 'Edit a contact channel',
        params: ZContactParams,
        body: ZContactInput,
        response: { 200: envelopeOf(ZContact) },
      },
    },
    async (request) => ok(request, await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    `${BASE}/:id/enabled`,
    {
      config: { permission: 'admin:contact:edit' },
      schema: {
        tags,
        summary: 'Show or hide a contact channel on the contact page',
        params: ZContactParams,
        body: ZEnabledToggle,
        response: { 200: envelopeOf(ZContact) },
      },
    },
    async (request) =>
      ok(request, await service.setEnabled(actorOf(request), request.params.id, request.body.enabled)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:contact:del' },
      schema: {
        tags,
        summary: 'Delete a contact channel',
        params: ZContactParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
}
