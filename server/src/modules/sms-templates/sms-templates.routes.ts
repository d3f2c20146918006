import {
  envelopeOf,
  pagedOf,
  ZSmsTemplate,
  ZSmsTemplateInput,
  ZSmsTemplateParams,
  ZSmsTemplateQuery,
  ZSmsTemplateReject,
  ZSmsTemplateReviewQuery,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createSmsTemplateService } from './sms-templates.service';

const tags = ['sms-templates'];
const OWN = '/api/sms/templates';
const REVIEW = '/api/admin/sms/templates';

/** Mass-SMS templates: the owner's routes (`sms:template`) and the reviewers' (`admin:sms-template:review`). */
export function registerSmsTemplateRoutes(app: App, { db }: { db: Db }) {
  const service = createSmsTemplateService({ db });
  const own = { config: { permission: 'sms:template' } } as const;
  const reviewer = { config: { permission: 'admin:sms-template:review' } } as const;

  app.get(
    OWN,
    {
      ...own,
      schema: {
        tags,
        summary: 'My SMS templates (status, keyword; paged, sortable)',
        querystring: ZSmsTemplateQuery,
        response: { 200: envelopeOf(pagedOf(ZSmsTemplate)) },
      },
    },
    async (request) => ok(request, await service.listOwn(request.user!.record.id, request.query)),
  );

  app.get(
    `${OWN}/:id`,
    {
      ...own,
      schema: {
        tags,
        summary: 'One of my SMS templates',
        params: ZSmsTemplateParams,
        response: { 200: envelopeOf(ZSmsTemplate) },
      },
    },
    async (request) => ok(request, await service.getOwn(request.user!.record.id, request.params.id)),
  );

  app.post(
    OWN,
    {
      ...own,
      schema: {
        tags,
        summary: 'Create an SMS template; it waits for review (pending)',
        body: ZSmsTemplateInput,
        response: { 200: envelopeOf(ZSmsTemplate) },
      },
    },
    async (request) => ok(request, await service.create(actorOf(request), request.body)),
  );

  app.put(
    `${OWN}/:id`,
    {
      ...own,
      schema: {
        tags,
        summary: 'Edit one of my SMS templates; it goes back to pending review',
        params: ZSmsTemplateParams,
        body: ZSmsTemplateInput,
        response: { 200: envelopeOf(ZSmsTemplate) },
      },
    },
    async (request) => ok(request, await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    `${OWN}/:id`,
    {
      ...own,
      schema: {
        tags,
        summary: 'Delete one of my SMS templates',
        params: ZSmsTemplateParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    REVIEW,
    {
      ...reviewer,
      schema: {
        tags,
        summary: 'Every user’s SMS templates, for review (status, keyword, username; paged, sortable)',
        querystring: ZSmsTemplateReviewQuery,
        response: { 200: envelopeOf(pagedOf(ZSmsTemplate)) },
      },
    },
    async (request) => ok(request, await service.listAll(request.query)),
  );

  app.post(
    `${REVIEW}/:id/approve`,
    {
      ...reviewer,
      schema: {
        tags,
        summary: 'Approve a pending SMS template (it can then be sent)',
        params: ZSmsTemplateParams,
        response: { 200: envelopeOf(ZSmsTemplate) },
      },
    },
    async (request) => ok(request, await service.approve(actorOf(request), request.params.id)),
  );

  app.post(
    `${REVIEW}/:id/reject`,
    {
      ...reviewer,
      schema: {
        tags,
        summary: 'Reject a pending SMS template with a reason the owner sees',
        params: ZSmsTemplateParams,
        body: ZSmsTemplateReject,
        response: { 200: envelopeOf(ZSmsTemplate) },
      },
    },
    async (request) =>
      ok(request, await service.reject(actorOf(request), request.params.id, request.body.reason)),
  );
}
