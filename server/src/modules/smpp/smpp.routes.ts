import { envelopeOf, ZSmppConfigInput, ZSmppGatewayView } from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import { createSmppService } from './smpp.service';
import { createSmppConnectors } from './smpp-connectors';

const tags = ['gateways'];
const BASE = '/api/admin/gateways/:id/smpp';
const ZParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * The SMPP connector of a gateway of kind `smpp`: bind settings, start/stop, live state. The
 * supervisor is created here and decorated on the app; main.ts starts it, closing the app stops it.
 */
export function registerSmppRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const supervisor = createSmppConnectors({
    db,
    databaseUrl: config.databaseUrl,
    pollMs: config.smppPollMs || 2000,
    log: app.log,
  });
  app.decorate('smppConnectors', supervisor);
  app.addHook('onClose', () => supervisor.stop());
  const service = createSmppService({ db, supervisor });

  app.get(
    BASE,
    {
      config: { permission: 'admin:gateway:list' },
      schema: {
        tags,
        summary: "An SMPP gateway's bind settings (without the password) and live state",
        params: ZParams,
        response: { 200: envelopeOf(ZSmppGatewayView) },
      },
    },
    async (request) => ok(request, await service.get(request.params.id)),
  );

  app.put(
    BASE,
    {
      config: { permission: 'admin:gateway:edit' },
      schema: {
        tags,
        summary: 'Save the bind settings (an empty password keeps the stored one); a running bind reconnects',
        params: ZParams,
        body: ZSmppConfigInput,
        response: { 200: envelopeOf(ZSmppGatewayView) },
      },
    },
    async (request) =>
      ok(request, await service.saveConfig(actorOf(request), request.params.id, request.body)),
  );

  for (const [action, running] of [
    ['start', true],
    ['stop', false],
  ] as const) {
    app.post(
      `${BASE}/${action}`,
      {
        config: { permission: 'admin:gateway:edit' },
        schema: {
          tags,
          summary:
            action === 'start'
              ? 'Start the connector: one server process binds, the others stand by'
              : 'Stop the connector: unbind and stay stopped',
          params: ZParams,
          response: { 200: envelopeOf(ZSmppGatewayView) },
        },
      },
      async (request) => ok(request, await service.setRunning(actorOf(request), request.params.id, running)),
    );
  }
}
