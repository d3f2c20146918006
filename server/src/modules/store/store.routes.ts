import {
  envelopeOf,
  IDEMPOTENCY_HEADER,
  ZIdempotencyKey,
  ZOrderDetail,
  ZPurchaseInput,
  ZStoreAvailability,
  ZStoreAvailabilityQuery,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { ok } from '../../lib/reply';
import type { StoreService } from './store.service';

const tags = ['store'];
const config = { permission: 'api:store' };

export function registerStoreRoutes(app: App, { store }: { store: StoreService }) {
  app.get(
    '/api/store/availability',
    {
      config,
      schema: {
        tags,
        summary:
          'For one application: the numbers on sale (new/used) and the price of one number per validity, by country and operator',
        querystring: ZStoreAvailabilityQuery,
        response: { 200: envelopeOf(ZStoreAvailability) },
      },
    },
    async (request) => ok(request, await store.availability(request.query.applicationId)),
  );

  app.post(
    '/api/store/orders',
    {
      config,
      schema: {
        tags,
        summary:
          'Buy numbers (spec §5 rules): bound, charged and recorded in one transaction, or nothing happens. A retry with the same Idempotency-Key returns the same order.',
        headers: z.looseObject({ [IDEMPOTENCY_HEADER]: ZIdempotencyKey.optional() }),
        body: ZPurchaseInput,
        response: { 200: envelopeOf(ZOrderDetail) },
      },
    },
    async (request) => {
      const user = request.user!.record;
      const key = request.headers[IDEMPOTENCY_HEADER];
      return ok(
        request,
        await store.purchase(
          { id: user.id, username: user.username },
          request.body,
          typeof key === 'string' ? key : undefined,
        ),
      );
    },
  );
}
