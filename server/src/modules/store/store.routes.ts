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
    async (request) =>
      ok(request, await store.availability(request.query.applicationId, request.user!.record)),
  );

  app.post(
    '/api/store/orders',
    {
      config,
      schema: {
        tags,
        summary:
          'Buy numbers: the numbers are reserved, paid for and recorded together, or nothing happens (no charge). A retry with the same Idempotency-Key returns the same order.',
        description: [
          'Send an `Idempotency-Key` header (8-64 letters, digits, `_-:.`; one per purchase): a retry after',
          'a timeout then returns the same order instead of buying twice. Each number of the order has a',
          'code link token: read its codes on `GET /api/code/{token}`.',
          '',
          '**Errors** (nothing is charged): 400 `INSUFFICIENT_BALANCE`, `STOCK_INSUFFICIENT`,',
          '`VALIDITY_STOCK_INSUFFICIENT`, `QUANTITY_ABOVE_MAX`, `PRICE_NOT_SET`, `STORE_CHOICE_UNAVAILABLE`;',
          '409 `IDEMPOTENCY_KEY_REUSED` (the key was used for a different purchase); 503 `ORDER_FAILED`',
          '(retry with the same key).',
        ].join('\n'),
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
