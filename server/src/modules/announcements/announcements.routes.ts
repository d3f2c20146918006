import {
  envelopeOf,
  pagedOf,
  ZAnnouncement,
  ZAnnouncementInput,
  ZAnnouncementParams,
  ZAnnouncementPinInput,
  ZAnnouncementPublishInput,
  ZAnnouncementQuery,
  ZPublishedAnnouncement,
  ZPublishedAnnouncementQuery,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createAnnouncementService } from './announcements.service';

const tags = ['announcements'];
const BASE = '/api/admin/announcements';

/** Announcements: written in admin / announcements, read by every signed-in user on the overview. */
export function registerAnnouncementRoutes(app: App, { db }: { db: Db }) {
  const service = createAnnouncementService({ db });

  app.get(
    '/api/announcements',
    {
      schema: {
        tags,
        summary: "Published announcements, pinned first then newest, in the caller's language",
        querystring: ZPublishedAnnouncementQuery,
        response: { 200: envelopeOf(pagedOf(ZPublishedAnnouncement)) },
      },
    },
    async (request) =>
      ok(request, await service.listForReader(request.user!.record.id, request.query, request.locale)),
  );

  app.get(
    '/api/announcements/:id',
    {
      schema: {
        tags,
        summary: 'One published announcement (a draft or a missing one: announcement details not found)',
        params: ZAnnouncementParams,
        response: { 200: envelopeOf(ZPublishedAnnouncement) },
      },
    },
    async (request) =>
      ok(request, await service.getForReader(request.params.id, request.user!.record.id, request.locale)),
  );

  app.get(
    BASE,
    {
      config: { permission: 'admin:announcement:list' },
      schema: {
        tags,
        summary: 'List announcements, drafts included (keyword, published; paged, sortable)',
        querystring: ZAnnouncementQuery,
        response: { 200: envelopeOf(pagedOf(ZAnnouncement)) },
      },
    },
    async (request) => ok(request, await service.list(request.query)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:announcement:list' },
      schema: {
        tags,
        summary: 'One announcement, draft or published, both languages',
        params: ZAnnouncementParams,
        response: { 200: envelopeOf(ZAnnouncement) },
      },
    },
    async (request) => ok(request, await service.get(request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: 'admin:announcement:add' },
      schema: {
        tags,
        summary: 'Write an announcement (HTML content is sanitised with an allow-list)',
        body: ZAnnouncementInput,
        response: { 200: envelopeOf(ZAnnouncement) },
      },
    },
    async (request) => ok(request, await service.create(actorOf(request), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:announcement:edit' },
      schema: {
        tags,
        summary: 'Edit an announcement',
        params: ZAnnouncementParams,
        body: ZAnnouncementInput,
        response: { 200: envelopeOf(ZAnnouncement) },
      },
    },
    async (request) => ok(request, await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    `${BASE}/:id/published`,
    {
      config: { permission: 'admin:announcement:edit' },
      schema: {
        tags,
        summary: 'Publish or unpublish an announcement',
        params: ZAnnouncementParams,
        body: ZAnnouncementPublishInput,
        response: { 200: envelopeOf(ZAnnouncement) },
      },
    },
    async (request) =>
      ok(request, await service.setPublished(actorOf(request), request.params.id, request.body.published)),
  );

  app.put(
    `${BASE}/:id/pinned`,
    {
      config: { permission: 'admin:announcement:edit' },
      schema: {
        tags,
        summary: 'Pin an announcement to the top of the list, or unpin it',
        params: ZAnnouncementParams,
        body: ZAnnouncementPinInput,
        response: { 200: envelopeOf(ZAnnouncement) },
      },
    },
    async (request) =>
      ok(request, await service.setPinned(actorOf(request), request.params.id, request.body.pinned)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:announcement:del' },
      schema: {
        tags,
        summary: 'Delete an announcement',
        params: ZAnnouncementParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
}
