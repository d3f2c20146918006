import { SETTINGS_EXPORT_FORMAT, SETTINGS_EXPORT_VERSION, SETTINGS_SECTIONS } from '@jiema/shared';
import type { Db } from '../../db/client';
import { type Actor, audit } from '../audit/audit';
import { sweepRentals } from '../rentals/rentals.jobs';
import { readSettingsSection } from './settings-export.repository';

export function createAdminToolsService({ db, cooldownMinutes }: { db: Db; cooldownMinutes: number }) {
  return {
    /**
     * The same sweep the background sweeper runs (ends due rentals, refunds activations without an
     * SMS, returns cooled numbers to stock), once, now. Safe beside the sweeper of any process: each
     * batch is claimed with SKIP LOCKED, so nothing is ended or refunded twice.
     */
    async sweepNow(actor: Actor) {
      const result = await sweepRentals(db, { cooldownMinutes });
      await audit(db, actor, { action: 'sweep', entity: 'stock', entityId: 'rentals', after: result });
      return result;
    },

    /** Every settings section read in one transaction (one consistent snapshot), as a JSON document. */
    async exportSettings(actor: Actor) {
      return db.transaction(async (tx) => {
        const sections: Record<string, unknown[]> = {};
        for (const section of SETTINGS_SECTIONS) sections[section] = await readSettingsSection(tx, section);
        await audit(tx, actor, { action: 'export', entity: 'settings', entityId: 'all' });
        return {
          format: SETTINGS_EXPORT_FORMAT,
          version: SETTINGS_EXPORT_VERSION,
          exportedAt: new Date().toISOString(),
          ...sections,
        };
      });
    },
  };
}
