import {
  AD_IMAGE_MAX_BYTES,
  envelopeOf,
  pagedOf,
  ZAd,
  ZAdImage,
  ZAdInput,
  ZAdParams,
  ZAdQuery,
  ZEnabledToggle,
  ZPublicAd,
  ZPublicAdQuery,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createAdService } from './ads.service';

const tags = ['ads'];
const BASE = '/api/admin/ads';
const maxKb = AD_IMAGE_MAX_BYTES / 1024;

/** Ads: managed in admin / tools, shown in their placement while enabled and scheduled. */
export function registerAdRoutes(app: App, { db }: { db: Db }) {
  const service = createAdService({ db });

  app.get(
    '/api/ads',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: "The ads live now in one placement, for the caller's language (public)",
        security: [],
        querystring: ZPublicAdQuery,
        response: { 200: envelopeOf(z.array(ZPublicAd)) },
      },
    },
    async (request) => ok(request, await service.listLive(request.query.placement, request.locale)),
  );

  app.get(
    BASE,
    {
      config: { permission: 'admin:ad:list' },
      schema: {
        tags,
        summary: 'List ads (placement, schedule status, keyword; paged, sortable)',
        querystring: ZAdQuery,
        response: { 200: envelopeOf(pagedOf(ZAd)) },
      },
    },
    async (request) => ok(request, await service.list(request.query)),
  );

  app.post(
    `${BASE}/image`,
    {
      config: { permission: 'admin:ad:add' },
      schema: {
        tags,
        summary: `Upload an ad image (PNG, JPEG, GIF or WebP, checked by content, at most ${maxKb} KB)`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(ZAdImage) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
      let file: Awaited<ReturnType<typeof request.file>>;
      try {
        file = await request.file({ limits: { fileSize: AD_IMAGE_MAX_BYTES + 1, files: 1 } });
      } catch {
        throw new AppError('FILE_REQUIRED');
      }
      if (!file) throw new AppError('FILE_REQUIRED');
      const bytes = await file.toBuffer().catch(() => {
        throw new AppError('FILE_TOO_LARGE', { maxKb });
      });
      if (file.file.truncated) throw new AppError('FILE_TOO_LARGE', { maxKb });
      return ok(request, await service.uploadImage(actorOf(request), bytes));
    },
  );

  app.post(
    BASE,
    {
      config: { permission: 'admin:ad:add' },
      schema: {
        tags,
        summary: 'Add an ad (image uploaded first; link http/https only; optional schedule)',
        body: ZAdInput,
        response: { 200: envelopeOf(ZAd) },
      },
    },
    async (request) => ok(request, await service.create(actorOf(request), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:ad:edit' },
      schema: {
        tags,
        summary: 'Edit an ad',
        params: ZAdParams,
        body: ZAdInput,
        response: { 200: envelopeOf(ZAd) },
      },
    },
    async (request) => ok(request, await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    `${BASE}/:id/enabled`,
    {
      config: { permission: 'admin:ad:edit' },
      schema: {
        tags,
        summary: 'Enable or disable an ad',
        params: ZAdParams,
        body: ZEnabledToggle,
        response: { 200: envelopeOf(ZAd) },
      },
    },
    async (request) =>
      ok(request, await service.setEnabled(actorOf(request), request.params.id, request.body.enabled)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:ad:del' },
      schema: {
        tags,
        summary: 'Delete an ad',
        params: ZAdParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
}
