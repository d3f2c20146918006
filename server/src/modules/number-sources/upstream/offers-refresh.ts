import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { recordBalanceReading } from './balance-reconciliation';
import {
  type CodeRow,
  catalogRefs,
  codesOf,
  findProvider,
  type OfferWrite,
  type ProviderRow,
  replaceOffers,
  saveBalance,
  saveCodes,
} from './providers.repository';
import { clientFor } from './tracked-client';

/** The mapping in force for a code: an override (`''` = never map) over the automatic one. */
export const mappedRef = (row: Pick<CodeRow, 'auto_ref' | 'override_ref'> | undefined) =>
  row ? (row.override_ref ?? row.auto_ref) || null : null;

/**
 * Reads a provider's balance and price/stock list and stores them: every service and country code
 * it answered with (mapped automatically by the protocol's own codes, compat-ids.md; unmapped ones
 * kept so the screen lists them), and an offer per mapped (application, country). Never inside a
 * customer's request: the background job and the screen's "Test"/"Refresh" call it.
 */
export async function refreshProvider(db: Db, config: Pick<Config, 'upstream'>, provider: ProviderRow) {
  const client = clientFor(db, config, provider);
  const balance = await client.balance();
  await saveBalance(db, provider.id, balance);
  // Every balance read is also a reading of the reconciliation against our cost ledger.
  await recordBalanceReading(db, config, provider.id, balance);
  const lines = await client.prices();
  const refs = await catalogRefs(db, provider.protocol);
  const codes: Omit<CodeRow, 'override_ref'>[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    for (const [kind, code] of [
      ['service', line.service],
      ['country', line.country],
    ] as const) {
      if (seen.has(`${kind}|${code}`)) continue;
      seen.add(`${kind}|${code}`);
      codes.push({ kind, code, auto_ref: refs[kind].get(code) ?? null });
    }
  }
  await saveCodes(db, provider.id, codes);
  const mapping = new Map((await codesOf(db, provider.id)).map((c) => [`${c.kind}|${c.code}`, c]));
  const offers: OfferWrite[] = [];
  for (const line of lines) {
    const app = mappedRef(mapping.get(`service|${line.service}`));
    const country = mappedRef(mapping.get(`country|${line.country}`));
    if (app === null || country === null || !/^\d+$/.test(app)) continue;
    offers.push({
      applicationId: Number(app),
      countryCode: country,
      service: line.service,
      country: line.country,
      cost: line.cost,
      count: line.count,
    });
  }
  await db.transaction((tx) => replaceOffers(tx, provider.id, offers));
  return { balance, offers: offers.length, codes: codes.length };
}

/**
 * Refreshes the enabled providers whose offers are older than the refresh interval. Each is claimed
 * by moving its refresh time first (one process refreshes a provider, however many run this).
 */
export async function refreshDueProviders(db: Db, config: Pick<Config, 'upstream'>) {
  const claimed = await db.query<{ id: number }>(
    `update upstream_providers set offers_refreshed_at = now()
     where enabled and (offers_refreshed_at is null or offers_refreshed_at < now() - make_interval(secs => $1::float8 / 1000))
     returning id`,
    [config.upstream.refreshMs],
  );
  for (const { id } of claimed) {
    const provider = await findProvider(db, id);
    if (!provider) continue;
    // A failing provider is recorded by its client (last error, breaker); the others go on.
    await refreshProvider(db, config, provider).catch(() => {});
  }
  return claimed.length;
}
