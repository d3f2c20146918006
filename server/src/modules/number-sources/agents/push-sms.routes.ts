import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../../app-types';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { ingestSms } from '../../inbound/ingest';
import { createAgentKeyLookup } from './agent-key-lookup';
import { ulongOf } from './agent-protocol';

/** One SMS and its envelope; 64 KiB is plenty (the inbound webhooks' limit). */
const PUSH_BODY_LIMIT = 64 * 1024;
export const PUSH_SMS_PATH = '/api/agents/sms';

const DESCRIPTION = `Where SIM-farm agents push SMS (SMSHub agent protocol, request 4, PUSH_SMS).

\`POST\` a JSON body (plain or gzip with \`Content-Encoding: gzip\`):
\`{"action":"PUSH_SMS","key":"<protocol key>","smsId":1,"phone":79281234567,"phoneFrom":"Vk","text":"VK: 33708"}\`.
\`smsId\` and \`phone\` are JSON numbers (phone with its country code), \`phoneFrom\` and \`text\` strings.
Answers \`{"status":"SUCCESS"}\` once the SMS is stored (the same smsId again: SUCCESS, stored once), or
\`{"status":"ERROR","error":"..."}\` and nothing stored; the agent retries every 10 s until SUCCESS.
An SMS for a number the agent never gave us is acknowledged and not stored.`;

type Push = { agentId: number; smsId: string; phone: string; phoneFrom: string; text: string };

class PushError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a push strictly as the protocol's own tests do: numeric fields must be JSON numbers (an
 * `smsId: "123"` is refused), the phone numeric with its country code, the strings strings.
 */
async function readPush(
  raw: Buffer,
  gzip: boolean,
  agentOf: (key: string) => Promise<number | null>,
): Promise<Push> {
  let bytes = raw;
  if (gzip || (raw[0] === 0x1f && raw[1] === 0x8b)) {
    try {
      bytes = gunzipSync(raw, { maxOutputLength: PUSH_BODY_LIMIT });
    } catch {
      throw new PushError(400, 'broken gzip body');
    }
  }
  const text = bytes.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PushError(400, 'the body is not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new PushError(400, 'the body is not a JSON object');
  const o = body as Record<string, unknown>;
  if (o.action !== 'PUSH_SMS') throw new PushError(400, 'action must be "PUSH_SMS"');
  if (typeof o.key !== 'string' || o.key === '') throw new PushError(401, 'key (string) is required');
  const agentId = await agentOf(o.key);
  if (agentId === null) throw new PushError(401, 'unknown key');
  const smsId = ulongOf(text, o, 'smsId');
  if (smsId === null) throw new PushError(400, 'smsId must be a JSON number (Ulong)');
  const phone = ulongOf(text, o, 'phone');
  if (phone === null) throw new PushError(400, 'phone must be a JSON number (Ulong) with the country code');
  if (!/^\d{7,15}$/.test(phone))
    throw new PushError(400, 'phone is not a phone number with its country code');
  if (typeof o.phoneFrom !== 'string') throw new PushError(400, 'phoneFrom must be a string');
  if (typeof o.text !== 'string') throw new PushError(400, 'text must be a string');
  return { agentId, smsId, phone, phoneFrom: o.phoneFrom, text: o.text };
}

/** The answer every accepted push gets, built once (plain and gzip): most requests answer just this. */
const SUCCESS_JSON = JSON.stringify({ status: 'SUCCESS' });
const SUCCESS_GZIP = gzipSync(SUCCESS_JSON);

function answer(request: FastifyRequest, reply: FastifyReply, status: number, body: object | 'SUCCESS') {
  reply.status(status).type('application/json; charset=utf-8');
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (body === 'SUCCESS') {
    return gzip ? reply.header('content-encoding', 'gzip').send(SUCCESS_GZIP) : reply.send(SUCCESS_JSON);
  }
  const json = JSON.stringify(body);
  return gzip ? reply.header('content-encoding', 'gzip').send(gzipSync(json)) : reply.send(json);
}

/**
 * PUSH_SMS: the agent's SMS enters the ONE inbound ingest path (source `agent:<id>`, its smsId the
 * external id, so a repeat is stored once), and codes, code links, live screens, webhooks and the
 * compatible APIs see it as they see our own gateways' SMS. SUCCESS is answered only after the commit.
 */
export function registerAgentPushRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const keys = createAgentKeyLookup({ db, ttlMs: config.sessionCacheMs });
  app.addHook('onReady', () => keys.start());
  app.addHook('onClose', () => keys.stop());
  const agentOf = (key: string) => keys.agentOf(key);
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PUSH_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: 'POST',
      url: PUSH_SMS_PATH,
      config: { auth: 'none', scriptsOnly: true },
      bodyLimit: PUSH_BODY_LIMIT,
      schema: {
        tags: ['agents'],
        summary: 'PUSH_SMS of the SMSHub agent protocol: a SIM-farm agent delivers one received SMS',
        description: DESCRIPTION,
        security: [],
      },
      handler: async (request, reply) => {
        let push: Push;
        try {
          push = await readPush(
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            request.headers['content-encoding'] === 'gzip',
            agentOf,
          );
        } catch (error) {
          if (!(error instanceof PushError)) throw error;
          return answer(request, reply, error.status, { status: 'ERROR', error: error.message });
        }
        // Only a number this agent gave us (its stock row's source), checked in the insert statement
        // itself: the push then shares one statement and one commit with the SMS arriving meanwhile.
        // A number it never gave us is acknowledged and nothing is stored.
        await ingestSms(db, {
          gatewayId: null,
          source: `agent:${push.agentId}`,
          numberSource: `agent:${push.agentId}`,
          externalId: push.smsId,
          to: `+${push.phone}`,
          from: push.phoneFrom || 'agent',
          text: push.text,
        });
        return answer(request, reply, 200, 'SUCCESS');
      },
    });
  });
}
