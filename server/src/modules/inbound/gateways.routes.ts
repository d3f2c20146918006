import {
  envelopeOf,
  pagedOf,
  ZGateway,
  ZGatewayCreate,
  ZGatewayListQuery,
  ZGatewayUpdate,
  ZGatewayWithSecret,
  ZTestSmsInput,
  ZTestSmsNumber,
  ZTestSmsNumberQuery,
  ZTestSmsResult,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createGatewayService } from './gateways.service';

const tags = ['gateways'];
const BASE = '/api/admin/gateways';
const ZParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Inbound gateways (admin, phone management) and the "send a test SMS" tool. */
export function registerGatewayRoutes(app: App, { db }: { db: Db }) {
  const service = createGatewayService({ db });

  app.get(
    BASE,
    {
      config: { permission: 'admin:gateway:list' },
      schema: {
        tags,
        summary: "List inbound gateways with last seen and today's received / rejected counts",
        querystring: ZGatewayListQuery,
        response: { 200: envelopeOf(pagedOf(ZGateway)) },
      },
    },
    async (request) => ok(request, await service.list(request.query)),
  );

  app.post(
    BASE,
    {
      config: { permission: 'admin:gateway:add' },
      schema: {
        tags,
        summary: 'Add a gateway; the answer holds its secret, shown this once',
        body: ZGatewayCreate,
        response: { 200: envelopeOf(ZGatewayWithSecret) },
      },
    },
    async (request) => ok(request, await service.create(actorOf(request), request.body)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:gateway:list' },
      schema: { tags, summary: 'One gateway', params: ZParams, response: { 200: envelopeOf(ZGateway) } },
    },
    async (request) => ok(request, await service.get(request.params.id)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:gateway:edit' },
      schema: {
        tags,
        summary: 'Rename, enable or disable a gateway, or change its settings',
        params: ZParams,
        body: ZGatewayUpdate,
        response: { 200: envelopeOf(ZGateway) },
      },
    },
    async (request) => ok(request, await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${BASE}/:id/secret`,
    {
      config: { permission: 'admin:gateway:edit' },
      schema: {
        tags,
        summary: 'Regenerate the secret (the old one stops working at once); shown this once',
        params: ZParams,
        response: { 200: envelopeOf(ZGatewayWithSecret) },
      },
    },
    async (request) => ok(request, await service.regenerateSecret(actorOf(request), request.params.id)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'admin:gateway:del' },
      schema: {
        tags,
        summary: 'Delete a gateway (its SMS stay)',
        params: ZParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    '/api/admin/test-sms/numbers',
    {
      config: { permission: 'admin:gateway:test' },
      schema: {
        tags,
        summary: 'Stock numbers containing the digits typed, to pick one for a test SMS',
        querystring: ZTestSmsNumberQuery,
        response: { 200: envelopeOf(z.array(ZTestSmsNumber)) },
      },
    },
    async (request) => ok(request, await service.testNumbers(request.query.keyword)),
  );

  app.post(
    '/api/admin/test-sms',
    {
      config: { permission: 'admin:gateway:test' },
      schema: {
        tags,
        summary:
          'Simulate a received SMS on a stock number (source "test"); answers the rental, owner and code it reached',
        body: ZTestSmsInput,
        response: { 200: envelopeOf(ZTestSmsResult) },
      },
    },
    async (request) => ok(request, await service.sendTestSms(actorOf(request), request.body)),
  );
}
