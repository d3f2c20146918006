import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { type ActivationWithProvider, claimUnsold, markVoided, voidingByIds } from './activations.repository';
import { clientFor } from './tracked-client';

/** A purchase in flight is never reconciled: its budget plus a margin. */
export const unsoldGraceMs = (config: Pick<Config, 'upstream'>) => config.upstream.buyBudgetMs + 30_000;

const providerOf = (a: Pick<ActivationWithProvider, 'provider'>) =>
  typeof a.provider === 'string'
    ? (JSON.parse(a.provider) as ActivationWithProvider['provider'])
    : a.provider;

export { providerOf };

/**
 * Cancels upstream one number bought but not sold (claimed `voiding` by the caller): a provider that
 * confirms (or says it is over) makes it `voided`; its early-cancel lock or a fault leaves it
 * `voiding`, tried again when its lease runs out. An intent without an upstream id (a crash while the
 * provider was being asked) has nothing to cancel and is closed as voided with a note.
 */
async function voidOne(db: Db, config: Pick<Config, 'upstream'>, a: ActivationWithProvider) {
  if (a.upstream_id === null) {
    await db.query(
      `update upstream_activations set note = 'no number known: nothing to cancel' where id = $1`,
      [a.id],
    );
    return markVoided(db, a.id);
  }
  const answer = await clientFor(db, config, providerOf(a))
    .cancel(a.upstream_id)
    .catch(() => ({ kind: 'fault' as const }));
  if (answer.kind === 'ok' || answer.kind === 'ended') return markVoided(db, a.id);
  return false;
}

/** Voids one activation now (a purchase whose local commit failed; the caller marked it `voiding`). */
export async function voidActivation(db: Db, config: Pick<Config, 'upstream'>, id: number) {
  const [row] = await voidingByIds(db, [id]);
  return row ? voidOne(db, config, row) : false;
}

/**
 * The reconciliation (at start and periodically, in every process): numbers bought upstream whose
 * local commit never happened (crash, kill -9, database down) are cancelled upstream, so the provider
 * refunds us. Rows are claimed SKIP LOCKED under a lease, so processes share the work.
 */
export async function reconcileUnsold(
  db: Db,
  config: Pick<Config, 'upstream'>,
  graceMs = unsoldGraceMs(config),
) {
  let voided = 0;
  for (const row of await claimUnsold(db, graceMs, 20)) {
    if (await voidOne(db, config, row)) voided += 1;
  }
  return voided;
}
