import {
  envelopeOf,
  pagedOf,
  ZRentalChoice,
  ZRentalChoiceQuery,
  ZRentalGroup,
  ZRentalGroupDetail,
  ZRentalGroupInput,
  ZRentalGroupListQuery,
  ZRentalGroupParams,
  ZRentalGroupUpdate,
} from '@jiema/shared';
import { z } from 'zod';
import type { App } from '../../app-types';
import { ok } from '../../lib/reply';
import type { RentalGroupsService } from './rental-groups.service';

const tags = ['rental-groups'];
/** Group links are part of managing one's APIs. */
const own = { permission: 'api:manage' };

export function registerRentalGroupRoutes(app: App, { groups }: { groups: RentalGroupsService }) {
  const userOf = (request: { user?: { record: { id: number } } | null }) => request.user!.record.id;

  app.get(
    '/api/rental-groups',
    {
      config: own,
      schema: {
        tags,
        summary:
          'My group links (several rentals behind one code link): name, member count, token, creation time',
        querystring: ZRentalGroupListQuery,
        response: { 200: envelopeOf(pagedOf(ZRentalGroup)) },
      },
    },
    async (request) => ok(request, await groups.list(userOf(request), request.query)),
  );

  app.get(
    '/api/rental-groups/rentals',
    {
      config: own,
      schema: {
        tags,
        summary: 'My rentals that can join a group link, searched by number or application',
        querystring: ZRentalChoiceQuery,
        response: { 200: envelopeOf(z.array(ZRentalChoice)) },
      },
    },
    async (request) => ok(request, await groups.choices(userOf(request), request.query.keyword)),
  );

  app.get(
    '/api/rental-groups/:id',
    {
      config: own,
      schema: {
        tags,
        summary: 'One of my group links with its members and their latest codes',
        params: ZRentalGroupParams,
        response: { 200: envelopeOf(ZRentalGroupDetail) },
      },
    },
    async (request) => ok(request, await groups.get(userOf(request), request.params.id)),
  );

  app.post(
    '/api/rental-groups',
    {
      config: own,
      schema: {
        tags,
        summary: 'Create a group link of 1 to 200 of my rentals; its token answers on /api/code/:token',
        body: ZRentalGroupInput,
        response: { 200: envelopeOf(ZRentalGroupDetail) },
      },
    },
    async (request) => ok(request, await groups.create(userOf(request), request.body)),
  );

  app.put(
    '/api/rental-groups/:id',
    {
      config: own,
      schema: {
        tags,
        summary: 'Rename a group link and/or set its members (the whole list: added and removed at once)',
        params: ZRentalGroupParams,
        body: ZRentalGroupUpdate,
        response: { 200: envelopeOf(ZRentalGroupDetail) },
      },
    },
    async (request) => ok(request, await groups.update(userOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/rental-groups/:id/token',
    {
      config: own,
      schema: {
        tags,
        summary: 'Regenerate the group link token: the old link stops working at once',
        params: ZRentalGroupParams,
        response: { 200: envelopeOf(ZRentalGroupDetail) },
      },
    },
    async (request) => ok(request, await groups.regenerateToken(userOf(request), request.params.id)),
  );

  app.delete(
    '/api/rental-groups/:id',
    {
      config: own,
      schema: {
        tags,
        summary: 'Revoke (delete) a group link; its rentals are untouched',
        params: ZRentalGroupParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await groups.remove(userOf(request), request.params.id);
      return ok(request, null);
    },
  );
}
