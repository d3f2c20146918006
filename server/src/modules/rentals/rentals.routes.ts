import { envelopeOf, pagedOf, ZAdminRental, ZRental, ZRentalIdParams, ZRentalListQuery } from '@jiema/shared';
import type { App } from '../../app-types';
import { ok } from '../../lib/reply';
import { actorOf } from '../audit/audit';
import type { RentalsService } from './rentals.service';

const tags = ['rentals'];
const own = { permission: 'api:manage' };
/** Administrators suspend and restore rentals from the order logs. */
const adminEdit = { permission: 'admin:logs:edit' };

export function registerRentalRoutes(app: App, { rentals }: { rentals: RentalsService }) {
  app.get(
    '/api/rentals',
    {
      config: own,
      schema: {
        tags,
        summary: 'My rentals: number, application, status, expiry, code link token and latest code',
        querystring: ZRentalListQuery,
        response: { 200: envelopeOf(pagedOf(ZRental)) },
      },
    },
    async (request) => ok(request, await rentals.list(request.user!.record.id, request.query)),
  );

  app.get(
    '/api/rentals/:id',
    {
      config: own,
      schema: {
        tags,
        summary: 'One of my rentals',
        params: ZRentalIdParams,
        response: { 200: envelopeOf(ZRental) },
      },
    },
    async (request) => ok(request, await rentals.get(request.user!.record.id, request.params.id)),
  );

  const action = (
    path: string,
    summary: string,
    run: (userId: number, id: number) => ReturnType<RentalsService['pause']>,
  ) =>
    app.post(
      `/api/rentals/:id/${path}`,
      {
        config: own,
        schema: { tags, summary, params: ZRentalIdParams, response: { 200: envelopeOf(ZRental) } },
      },
      async (request) => ok(request, await run(request.user!.record.id, request.params.id)),
    );

  action('pause', 'Pause: the code link answers no code until resumed (status inactive)', rentals.pause);
  action('resume', 'Resume a paused rental', rentals.resume);
  action(
    'cancel',
    'Cancel an activation without an SMS, 2 minutes after purchase at the earliest: refunded once',
    rentals.cancel,
  );
  action('another-sms', 'Activation: wait for another SMS on the same number', rentals.anotherSms);
  action('finish', 'Finish: an activation after its SMS, or a day rental early (no refund)', rentals.finish);

  app.get(
    '/api/admin/rentals',
    {
      config: { permission: 'admin:logs:list' },
      schema: {
        tags,
        summary: 'Every rental, with the upstream provider that serves it (administrators)',
        querystring: ZRentalListQuery,
        response: { 200: envelopeOf(pagedOf(ZAdminRental)) },
      },
    },
    async (request) => ok(request, await rentals.adminList(request.query)),
  );

  app.post(
    '/api/admin/rentals/:id/suspend',
    {
      config: adminEdit,
      schema: {
        tags,
        summary: 'Suspend a rental: its code link stops answering codes',
        params: ZRentalIdParams,
        response: { 200: envelopeOf(ZRental) },
      },
    },
    async (request) => ok(request, await rentals.suspend(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/admin/rentals/:id/unsuspend',
    {
      config: adminEdit,
      schema: {
        tags,
        summary: 'Lift a suspension (the rental becomes active)',
        params: ZRentalIdParams,
        response: { 200: envelopeOf(ZRental) },
      },
    },
    async (request) => ok(request, await rentals.unsuspend(actorOf(request), request.params.id)),
  );
}
