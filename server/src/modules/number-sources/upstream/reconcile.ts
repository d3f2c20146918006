import type { Config } from '../../../config';
import type { Db, Queryable } from '../../../db/client';
import { type ActivationWithProvider, claimUnsold, lockUnsold, markVoided } from './activations.repository';
import { clientFor } from './tracked-client';

/** A purchase in flight is never reconciled: its budget plus a margin. */
export const unsoldGraceMs = (config: Pick<Config, 'upstream'>) => config.upstream.buyBudgetMs + 30_000;

const providerOf = (a: ActivationWithProvider) =>
  typeof a.provider === 'string' ? (JSON.parse(a.provider) as ActivationWithProvider['provider']) : a.provider;
export { providerOf };

/**
 * Cancels upstream one number bought but not sold, under its row lock (the caller's transaction): a
 * provider that confirms (or says it is over) makes it `voided`; its early-cancel lock or a fault
 * leaves it `voiding` for the next round. An intent without an upstream id (a crash while the provider
 * was being asked) has nothing to cancel and is closed as voided with a note.
 */
async function voidLocked(tx: Queryable, db: Db, config: Pick<Config, 'upstream'>, a: ActivationWithProvider) {
  await tx.query(`update upstream_activations set state = 'voiding', updated_at = now() where id = $1`, [a.id]);
  if (a.upstream_id === null) {
    await tx.query(`update upstream_activations set note = 'no number known: nothing to cancel' where id = $1`, [a.id]);
    return markVoided(tx, a.id);
  }
  const answer = await clientFor(db, config, providerOf(a))
    .cancel(a.upstream_id)
    .catch(() => ({ kind: 'fault' as const }));
  if (answer.kind === 'ok' || answer.kind === 'ended') return markVoided(tx, a.id);
  return false;
}

/** Voids one activation now (a purchase whose local commit failed). */
export async function voidActivation(db: Db, config: Pick<Config, 'upstream'>, id: number) {
  return db.transaction(async (tx) => {
    const row = await lockUnsold(tx, id);
    if (!row) return false;
    return voidLocked(tx, db, config, row);
  });
}


/**
 * The reconciliation (at start and periodically, in every process): numbers bought upstream whose
 * local commit never happened (crash, kill -9, database down) are cancelled upstream, so we are
 * refunded by the provider. Rows are claimed SKIP LOCKED, so processes share the work.
 */
export async function reconcileUnsold(db: Db, config: Pick<Config, 'upstream'>, graceMs = unsoldGraceMs(config)) {
  return db.transaction(async (tx) => {
    let voided = 0;
    for (const row of await claimUnsold(tx, graceMs, 20)) {
      if (await voidLocked(tx, db, config, row)) voided += 1;
    }
    return voided;
  });
}
