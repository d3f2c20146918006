import {
  envelopeOf,
  MASS_SMS_PERMISSIONS as P,
  ZConnector,
  ZConnectorCreate,
  ZConnectorTestInput,
  ZConnectorTestResult,
  ZConnectorUpdate,
  ZMassSmsIdParams,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { findConnectorRecord } from './connectors.repository';
import { createConnectorService } from './connectors.service';
import { applyReceipts, type ReceiptUpdate } from './receipts.repository';
import { androidMessageId, sameSecret, verifyAndroidSignature } from './senders';

const tags = ['mass SMS connectors'];
const BASE = '/api/admin/mass-sms/connectors';
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** Connectors CRUD and the test SMS (admin:sms-connector:*), and the gateways' status webhook. */
export function registerConnectorRoutes(app: App, { db }: { db: Db }) {
  const service = createConnectorService(db);

  app.get(
    BASE,
    {
      config: { permission: P.connectorList },
      schema: {
        tags,
        summary: 'Outbound connectors with live state and last-24h counts',
        response: { 200: envelopeOf(z.array(ZConnector)) },
      },
    },
    async (request) => ok(request, await service.list()),
  );
  app.get(
    `${BASE}/:id`,
    {
      config: { permission: P.connectorList },
      schema: {
        tags,
        summary: 'One connector',
        params: ZMassSmsIdParams,
        response: { 200: envelopeOf(ZConnector) },
      },
    },
    async (request) => ok(request, await service.get(request.params.id)),
  );
  app.post(
    BASE,
    {
      config: { permission: P.connectorAdd },
      schema: {
        tags,
        summary: 'Add a connector (smpp / android / http)',
        body: ZConnectorCreate,
        response: { 200: envelopeOf(ZConnector) },
      },
    },
    async (request) => ok(request, await service.create(actorOf(request), request.body)),
  );
  app.put(
    `${BASE}/:id`,
    {
      config: { permission: P.connectorEdit },
      schema: {
        tags,
        summary: 'Change a connector (secrets left empty stay)',
        params: ZMassSmsIdParams,
        body: ZConnectorUpdate,
        response: { 200: envelopeOf(ZConnector) },
      },
    },
    async (request) => ok(request, await service.update(actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: P.connectorDel },
      schema: {
        tags,
        summary: 'Delete a connector',
        params: ZMassSmsIdParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
  app.post(
    `${BASE}/:id/test`,
    {
      config: { permission: P.connectorTest },
      schema: {
        tags,
        summary: 'Send a test SMS through this connector (outside the queue, not billed)',
        params: ZMassSmsIdParams,
        body: ZConnectorTestInput,
        response: { 200: envelopeOf(ZConnectorTestResult) },
      },
    },
    async (request) => ok(request, await service.test(actorOf(request), request.params.id, request.body)),
  );

  // The status webhook keeps the raw body (the Android app signs exactly the bytes it sent).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/mass-sms/status/:id',
      {
        config: { auth: 'none', scriptsOnly: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags,
          summary:
            'Delivery status from a gateway: SMS Gateway for Android sms:sent/sms:delivered/sms:failed (X-Signature, X-Timestamp), or the HTTP provider JSON {reference|id, status, error} with the bearer token',
          security: [],
          params: ZMassSmsIdParams,
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const connector = await findConnectorRecord(db, id);
        if (!connector || connector.kind === 'smpp') throw new AppError('MASS_SMS_CONNECTOR_NOT_FOUND');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = (name: string) => String(request.headers[name] ?? '');
        const authorised =
          connector.kind === 'android'
            ? connector.webhookKey !== '' &&
              verifyAndroidSignature(raw, header('x-timestamp'), header('x-signature'), connector.webhookKey)
            : connector.password !== '' &&
              sameSecret(header('authorization').replace(/^Bearer\s+/i, ''), connector.password);
        if (!authorised) throw new AppError('MASS_SMS_WEBHOOK_UNAUTHORIZED');
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        } catch {
          throw new AppError('BAD_REQUEST');
        }
        const update = connector.kind === 'android' ? androidStatus(id, body) : httpStatus(id, body);
        if (!update) return ok(request, { applied: false });
        const pending = await applyReceipts(db, [update]);
        return ok(request, { applied: pending === 0 });
      },
    );
  });
}

const ANDROID_EVENTS: Record<string, ReceiptUpdate['outcome']> = {
  'sms:sent': 'sent',
  'sms:delivered': 'delivered',
  'sms:failed': 'failed',
};

/** SMS Gateway for Android's webhook envelope: `{ event, payload: { messageId, reason? } }` (our id, see senders.ts). */
function androidStatus(connectorId: number, body: Record<string, unknown>): ReceiptUpdate | null {
  const outcome = ANDROID_EVENTS[String(body.event)];
  const payload = (body.payload ?? {}) as Record<string, unknown>;
  const messageId = typeof payload.messageId === 'string' ? payload.messageId : null;
  if (!outcome || !messageId) return null;
  const reason = typeof payload.reason === 'string' ? payload.reason : null;
  return {
    connectorId,
    keys: [messageId.toLowerCase(), androidMessageId(messageId).toLowerCase()],
    outcome,
    error: outcome === 'failed' ? (reason ?? 'failed') : null,
    externalId: messageId,
    stat: String(body.event),
    raw: body,
    wholeMessage: true,
  };
}

function httpStatus(connectorId: number, body: Record<string, unknown>): ReceiptUpdate | null {
  const id = body.id ?? body.messageId ?? body.reference;
  const status = String(body.status ?? '').toLowerCase();
  if (id === undefined || id === null || !['sent', 'delivered', 'failed'].includes(status)) return null;
  return {
    connectorId,
    keys: [String(id).trim().toLowerCase()],
    outcome: status as ReceiptUpdate['outcome'],
    error: status === 'failed' ? String(body.error ?? 'failed').slice(0, 200) : null,
    externalId: String(id),
    stat: status.toUpperCase(),
    raw: body,
    wholeMessage: true,
  };
}
