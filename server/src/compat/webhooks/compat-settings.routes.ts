import { envelopeOf, ZCompatSettings, ZCompatSettingsInput } from '@jiema/shared';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { checkOutboundUrl } from '../../lib/outbound/public-address';
import { ok } from '../../lib/reply';
import { readSettings, saveWebhookUrl } from './compat-settings.repository';

const tags = ['compat'];
const config = { permission: 'api:setting' };

async function settingsOf(db: Db, userId: number) {
  const row = await readSettings(db, userId);
  return { webhookUrl: row.webhook_url, pendingDeliveries: row.pending, lastError: row.last_error };
}

/** The user's compat settings (profile page): the sms-activate-shaped webhook on SMS arrival. */
export function registerCompatSettingsRoutes(
  app: App,
  { db, allowPrivate }: { db: Db; allowPrivate: boolean },
) {
  app.get(
    '/api/compat/settings',
    {
      config,
      schema: {
        tags,
        summary: 'The sms-activate / 5sim compat settings of the caller',
        response: { 200: envelopeOf(ZCompatSettings) },
      },
    },
    async (request) => ok(request, await settingsOf(db, request.user!.record.id)),
  );
  app.put(
    '/api/compat/settings',
    {
      config,
      schema: {
        tags,
        summary:
          "Set (or clear with an empty string) the URL an SMS is posted to in sms-activate's webhook shape",
        body: ZCompatSettingsInput,
        response: { 200: envelopeOf(ZCompatSettings) },
      },
    },
    async (request) => {
      const userId = request.user!.record.id;
      // The worker checks again on every post (a name may resolve elsewhere later); this refuses the
      // obvious at once, in the user's language.
      if (request.body.webhookUrl) checkOutboundUrl(request.body.webhookUrl, allowPrivate);
      await saveWebhookUrl(db, userId, request.body.webhookUrl);
      return ok(request, await settingsOf(db, userId));
    },
  );
}
