import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { createGatewayLookup } from './gateway-lookup';
import { insertRejection } from './gateways.repository';
import { ingestSms, normalizeNumber } from './ingest';
import { readWebhook, receivingNumber } from './webhook-formats';

/** A webhook carries one SMS: 64 KiB is generous for 4096 characters of text in any encoding and an envelope. */
export const INBOUND_BODY_LIMIT = 64 * 1024;

const ZParams = z.object({ gatewayId: z.coerce.number().int().min(1).max(2_147_483_647) });

const DESCRIPTION = `Where gateways deliver received SMS.

**Generic JSON (ours)**: \`POST\` with \`Content-Type: application/json\`, body
\`{"id": "<your unique id of the SMS>", "to": "+79991234567", "from": "Telegram", "text": "Telegram code: 12345", "receivedAt": "2026-11-23T10:00:00Z", "voice": false}\`
(\`receivedAt\` and \`voice\` optional; \`voice: true\` marks a voice call's transcript for voice orders).
Headers: \`X-Timestamp\` = Unix seconds (±300 s), \`X-Signature\` = lowercase hex HMAC-SHA256(gateway secret, raw body + X-Timestamp).
The same \`id\` sent again is stored once. Answer 200 \`{"code":200,"data":{"id":..,"duplicate":false}}\` only after the SMS is stored.

**SMS Gateway for Android** (\`sms:received\`, same signature), **textbee** (\`MESSAGE_RECEIVED\`, \`X-Signature\` = HMAC-SHA256 of the body),
**Jasmin** HTTP MO and **Kannel** get-url (GET or form POST; secret in \`?secret=\` or the \`X-Gateway-Secret\` header; Jasmin is answered \`ACK/Jasmin\`).
Errors are 4xx with a reason (signature, timestamp, disabled gateway, malformed body) and nothing is stored.`;

type Reply = { status: number; text?: string; json?: unknown };

/** Jasmin and Kannel read plain text; the JSON kinds get the usual envelope. */
function answer(reply: FastifyReply, plain: boolean, body: Reply) {
  if (plain)
    return reply
      .status(body.status)
      .type('text/plain; charset=utf-8')
      .send(body.text ?? '');
  return reply.status(body.status).send(body.json);
}

export function registerInboundRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const gateways = createGatewayLookup({ db, ttlMs: config.sessionCacheMs });
  app.addHook('onReady', () => gateways.start());
  app.addHook('onClose', () => gateways.stop());
  // A scope of its own: the body stays raw bytes (signatures are over exactly what was sent), whatever the content type.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: INBOUND_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.route({
      method: ['POST', 'GET'],
      url: '/api/inbound/:gatewayId',
      config: { auth: 'none', scriptsOnly: true },
      bodyLimit: INBOUND_BODY_LIMIT,
      schema: {
        tags: ['inbound'],
        summary:
          'Inbound SMS webhook of a gateway (SMS Gateway for Android, textbee, generic JSON, Jasmin, Kannel)',
        description: DESCRIPTION,
        security: [],
        params: ZParams,
      },
      handler: async (request, reply) => {
        const { gatewayId } = request.params as z.infer<typeof ZParams>;
        const gateway = await gateways.find(gatewayId);
        if (!gateway) throw new AppError('INBOUND_GATEWAY_UNKNOWN');
        const plain = gateway.kind === 'jasmin' || gateway.kind === 'kannel';
        try {
          if (!gateway.enabled) throw new AppError('INBOUND_GATEWAY_DISABLED');
          if (request.method === 'GET' && !plain)
            throw new AppError('INBOUND_BODY_INVALID', { details: 'GET' });
          const reading = readWebhook(
            gateway,
            {
              raw: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
              contentType: String(request.headers['content-type'] ?? ''),
              headers: request.headers,
              query: (request.query ?? {}) as Record<string, unknown>,
            },
            Math.floor(Date.now() / 1000),
          );
          if (reading.kind === 'ignored') {
            await gateways.touch(gateway.id);
            return answer(reply, plain, {
              status: 200,
              text: gateway.kind === 'jasmin' ? 'ACK/Jasmin' : '',
              json: ok(request, { ignored: reading.event }),
            });
          }
          const to = receivingNumber(reading.sms, gateway.config);
          if (!to) throw new AppError('INBOUND_NUMBER_MISSING');
          if (!normalizeNumber(to)) throw new AppError('INBOUND_BODY_INVALID', { details: 'to' });
          const stored = await ingestSms(db, {
            gatewayId: gateway.id,
            source: `${gateway.kind}:${gateway.id}`,
            externalId: reading.sms.externalId,
            to,
            from: reading.sms.from,
            text: reading.sms.text,
            receivedAt: reading.sms.receivedAt,
            voice: reading.sms.voice,
          });
          await gateways.touch(gateway.id);
          return answer(reply, plain, {
            status: 200,
            text: gateway.kind === 'jasmin' ? 'ACK/Jasmin' : '',
            json: ok(request, { id: stored.smsId, duplicate: stored.duplicate }),
          });
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          await insertRejection(db, gateway.id, error.code);
          if (!plain) throw error;
          const message = `ERROR ${error.code}`;
          return answer(reply, true, { status: error.status, text: message });
        }
      },
    });
  });
}
