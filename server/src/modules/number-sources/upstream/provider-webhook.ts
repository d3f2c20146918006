import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { App } from '../../../app-types';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { ok } from '../../../lib/reply';
import type { ActivationWithProvider } from './activations.repository';
import { ingestUpstreamSms } from './relay';

export const providerWebhookPath = (providerId: number, secret: string) =>
  `/api/upstream-webhooks/${providerId}/${secret}`;

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** sms-activate's webhook body (protocols.md §1a.11); extra fields are ignored. */
const ZSmsWebhook = z.object({
  activationId: z.union([z.number().int(), z.string().regex(/^\w{1,40}$/)]).transform(String),
  text: z.string().max(2000).optional().default(''),
  code: z
    .union([z.string().max(64), z.number()])
    .nullish()
    .transform((v) => (v == null ? '' : String(v).trim())),
});

/**
 * An SMS a provider posted for one of our activations, into the one ingest path under the SAME id the
 * relay's status read gives it (`<upstream id>:<retry round>:<code>`), so whichever comes first stores
 * it and the other is a duplicate. Without a code the SMS cannot be matched with the read: the
 * activation is read at once instead. Unknown activations are answered too (the provider stops retrying).
 */
export async function receiveProviderWebhook(db: Db, providerId: number, secret: string, body: unknown) {
  const [provider] = await db.query<{ webhook_secret: string; protocol: string }>(
    'select webhook_secret, protocol from upstream_providers where id = $1',
    [providerId],
  );
  if (provider?.protocol !== 'sms-activate' || !sameSecret(secret, provider.webhook_secret)) {
    throw new AppError('UPSTREAM_WEBHOOK_UNKNOWN');
  }
  const parsed = ZSmsWebhook.safeParse(body);
  if (!parsed.success) throw new AppError('BAD_REQUEST');
  const { activationId, text, code } = parsed.data;
  const [a] = await db.query<
    Pick<
      ActivationWithProvider,
      'id' | 'provider_id' | 'upstream_id' | 'phone_number' | 'rental_id' | 'retry_round'
    >
  >(
    `select id, provider_id, upstream_id, phone_number, rental_id, retry_round from upstream_activations
     where provider_id = $1 and upstream_id = $2 and state in ('active', 'ended')`,
    [providerId, activationId],
  );
  if (!a) return { stored: false };
  if (!code) {
    await db.query(
      `update upstream_activations set next_poll_at = now() where id = $1 and state = 'active'`,
      [a.id],
    );
    return { stored: false };
  }
  const fresh = await ingestUpstreamSms(db, a, [
    { key: `${a.retry_round}:${code}`, sender: '', text: text || code, code },
  ]);
  return { stored: fresh > 0 };
}

/** POST /api/upstream-webhooks/:providerId/:secret: the address an administrator gives the provider. */
export function registerProviderWebhookRoute(app: App, { db }: { db: Db }) {
  app.post(
    '/api/upstream-webhooks/:providerId/:secret',
    {
      config: { auth: 'none', scriptsOnly: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['upstream-providers'],
        summary:
          "A provider's SMS webhook (sms-activate: JSON {activationId, service, text, code, country, receivedAt}); the address's last part is the provider's secret",
        security: [],
        params: z.object({
          providerId: z.coerce.number().int().positive(),
          secret: z.string().min(1).max(128),
        }),
      },
    },
    async (request) => {
      const { providerId, secret } = request.params as { providerId: number; secret: string };
      return ok(request, await receiveProviderWebhook(db, providerId, secret, request.body));
    },
  );
}
