import {
  envelopeOf,
  MASS_SMS_API,
  MASS_SMS_PERMISSIONS as P,
  pagedOf,
  ZCampaign,
  ZCampaignCreate,
  ZCampaignQuery,
  ZMassSmsIdParams,
  ZMassSmsUserParams,
  ZOutboundMessage,
  ZOutboundMessageQuery,
  ZQuota,
  ZSendInput,
  ZSendPreview,
  ZUserPlanUpdate,
} from '@jiema/shared';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { grantorOf } from '../admin-users/privilege-rules';
import { createCampaignService } from './campaigns.service';
import { messageCsvColumns } from './messages.csv';

const tags = ['mass SMS'];
const BASE = '/api/mass-sms';

/** The send screen, send orders, send history and app quota (spec §2), each behind its `sms:*` permission. */
export function registerMassSmsRoutes(
  app: App,
  { db, validityHours, adminUsername }: { db: Db; validityHours: number; adminUsername: string },
) {
  const service = createCampaignService(db, { validityHours, adminUsername });
  const userOf = (request: { user: { record: { id: number } } | null }) => request.user!.record.id;

  app.post(
    MASS_SMS_API.preview,
    {
      config: { permission: P.send },
      schema: {
        tags,
        summary:
          'Check a send before confirming it: normalised recipients, invalid and duplicate lines, segments and cost; nothing is stored or charged',
        body: ZSendInput,
        response: { 200: envelopeOf(ZSendPreview) },
      },
      bodyLimit: 8 * 1024 * 1024,
    },
    async (request) => ok(request, await service.preview(userOf(request), request.body)),
  );

  app.post(
    MASS_SMS_API.campaigns,
    {
      config: { permission: P.send },
      schema: {
        tags,
        summary:
          'Confirm: queue the campaign and charge it (free messages first); same requestKey = same campaign',
        body: ZCampaignCreate,
        response: { 200: envelopeOf(ZCampaign) },
      },
      bodyLimit: 8 * 1024 * 1024,
    },
    async (request) => ok(request, await service.create(userOf(request), request.body)),
  );

  app.get(
    MASS_SMS_API.campaigns,
    {
      config: { permission: P.orders },
      schema: {
        tags,
        summary: 'The caller’s send orders with counts by status and progress',
        querystring: ZCampaignQuery,
        response: { 200: envelopeOf(pagedOf(ZCampaign)) },
      },
    },
    async (request) => ok(request, await service.list(userOf(request), request.query)),
  );

  app.get(
    `${BASE}/campaigns/:id`,
    {
      config: { permission: P.orders },
      schema: {
        tags,
        summary: 'One send order',
        params: ZMassSmsIdParams,
        response: { 200: envelopeOf(ZCampaign) },
      },
    },
    async (request) => ok(request, await service.detail(userOf(request), request.params.id)),
  );

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    app.post(
      `${BASE}/campaigns/:id/${action}`,
      {
        config: { permission: P.orders },
        schema: {
          tags,
          summary:
            action === 'cancel'
              ? 'Cancel: what was not submitted fails and is refunded'
              : `${action[0]!.toUpperCase()}${action.slice(1)} the send order`,
          params: ZMassSmsIdParams,
          response: { 200: envelopeOf(ZCampaign) },
        },
      },
      async (request) => ok(request, await service[action](userOf(request), request.params.id)),
    );
  }

  app.get(
    `${BASE}/campaigns/:id/export`,
    {
      config: { permission: P.orders },
      schema: { tags, summary: 'The send order’s messages as CSV', params: ZMassSmsIdParams },
    },
    async (request, reply) => {
      const userId = userOf(request);
      await service.detail(userId, request.params.id);
      const rows = await service.exportMessages(userId, {
        page: 1,
        pageSize: 20,
        campaignId: request.params.id,
      });
      return sendCsv(
        reply,
        `send-order-${request.params.id}.csv`,
        toCsv(messageCsvColumns(request.locale), rows),
      );
    },
  );

  app.get(
    MASS_SMS_API.messages,
    {
      config: { permission: P.history },
      schema: {
        tags,
        summary: 'Send history: every message with status, connector, times and error',
        querystring: ZOutboundMessageQuery,
        response: { 200: envelopeOf(pagedOf(ZOutboundMessage)) },
      },
    },
    async (request) => ok(request, await service.messages(userOf(request), request.query)),
  );

  app.get(
    MASS_SMS_API.messagesExport,
    {
      config: { permission: P.history },
      schema: {
        tags,
        summary: 'The messages the filters select, as CSV',
        querystring: ZOutboundMessageQuery,
      },
    },
    async (request, reply) => {
      const rows = await service.exportMessages(userOf(request), request.query);
      return sendCsv(reply, 'send-history.csv', toCsv(messageCsvColumns(request.locale), rows));
    },
  );

  app.get(
    MASS_SMS_API.quota,
    {
      config: { permission: P.quota },
      schema: {
        tags,
        summary: 'Plan, free messages left, daily and monthly limits and use, usage by day',
        response: { 200: envelopeOf(ZQuota) },
      },
    },
    async (request) => ok(request, await service.quota(userOf(request))),
  );

  app.put(
    '/api/admin/mass-sms/users/:userId/plan',
    {
      config: { permission: P.userPlan },
      schema: {
        tags,
        summary: 'Set a user’s mass SMS plan and limits (audited)',
        params: ZMassSmsUserParams,
        body: ZUserPlanUpdate,
        response: { 200: envelopeOf(ZQuota) },
      },
    },
    async (request) =>
      ok(request, await service.setUserPlan(grantorOf(request), request.params.userId, request.body)),
  );
}
