import { envelopeOf, type SetupChecklist, ZSetupChecklist } from '@jiema/shared';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { setupState } from './setup-checklist.repository';

/** The administrator's first-sale checklist (overview), from the real state of the database. */
export function registerSetupChecklistRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/admin/setup-checklist',
    {
      config: { permission: 'statistics:view' },
      schema: {
        tags: ['setup-checklist'],
        summary:
          'What is in place for a first sale: country, application, price, stock, gateway, deposit pool',
        response: { 200: envelopeOf(ZSetupChecklist) },
      },
    },
    async (request) => {
      const s = await setupState(db);
      const checklist: SetupChecklist = {
        steps: [
          { step: 'country', done: s.country },
          { step: 'application', done: s.application },
          { step: 'price', done: s.price },
          { step: 'stock', done: s.stock },
          { step: 'gateway', done: s.gateway },
          { step: 'depositPool', done: s.deposit_pool },
        ],
        firstSale: s.first_sale,
        numbersInDisabledCountries: s.numbers_in_disabled_countries,
      };
      return ok(request, checklist);
    },
  );
}
