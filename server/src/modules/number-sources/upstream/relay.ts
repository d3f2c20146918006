import type { Config } from '../../../config';
import type { Db, Queryable } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { ingestSms } from '../../inbound/ingest';
import { endRentals } from '../../rentals/rental-endings';
import { lockRental, requestAnotherSms } from '../../rentals/rentals.repository';
import { storeTransaction } from '../../store/transaction';
import {
  type ActivationWithProvider,
  activationOfRental,
  alignNotDue,
  claimChanged,
  claimDuePolls,
  makeDue,
  markEnded,
  noteLateCode,
  noteUpstreamStatus,
  openOthers,
  recordCost,
  schedulePoll,
} from './activations.repository';
import { ourEndOf, watchLateRefund } from './late-refunds.repository';
import type { StatusOutcome, UpstreamSms } from './provider-client';
import { providerOf } from './reconcile';
import { clientFor } from './tracked-client';

export type RelayConfig = Pick<Config, 'upstream' | 'storeCooldownMinutes'>;

/** Waits between status reads: the base interval, doubling while nothing changes, at most 8 times it. */
const MAX_BACKOFF = 8;

/**
 * Every SMS the provider showed (a status read, or its webhook) enters the one ingest path, stored
 * once per provider SMS key; how many were new.
 */
export async function ingestUpstreamSms(
  db: Db,
  a: Pick<ActivationWithProvider, 'id' | 'provider_id' | 'upstream_id' | 'phone_number' | 'rental_id'>,
  messages: UpstreamSms[],
) {
  let fresh = 0;
  for (const m of messages) {
    const result = await ingestSms(db, {
      gatewayId: null,
      source: `upstream:${a.provider_id}`,
      externalId: `${a.upstream_id}:${m.key}`,
      to: a.phone_number!,
      from: m.sender || 'upstream',
      text: m.text,
    });
    if (!result.duplicate) fresh += 1;
    if (!result.duplicate && result.rentalId !== a.rental_id) await noteLateCode(db, a.id);
  }
  return fresh;
}

/**
 * The provider ended the activation: the rental ends with it, exactly once (the activation's
 * `active → ended` update and the rental's end are one transaction). Refunded only when the provider
 * refunded us AND no SMS reached the customer; otherwise finished, paid. Finished with no SMS for the
 * customer, it is watched for a late refund until the window after our side's end runs out
 * (late-refunds.ts); the customer gets that refund if this ended the rental (not an administrator).
 */
async function endFromUpstream(
  db: Db,
  config: RelayConfig,
  a: ActivationWithProvider,
  refundedUpstream: boolean,
) {
  await storeTransaction(db, async (tx) => {
    const rental = a.rental_id === null ? null : await lockRental(tx, a.rental_id, null);
    const refund = refundedUpstream && rental !== null && !rental.has_message;
    if (!(await markEnded(tx, a.id, refund ? 'refunded' : 'finished'))) return;
    if (refund) await recordCost(tx, a, 'refunded');
    const ourEnd = rental && !refund && !rental.has_message ? await ourEndOf(tx, rental.id) : null;
    const holding = rental !== null && ['active', 'inactive', 'suspended'].includes(rental.status);
    if (holding) {
      await endRentals(
        tx,
        [{ rental, status: refund ? 'cancelled' : 'finished', refund }],
        config.storeCooldownMinutes,
      );
    }
    if (ourEnd) {
      await watchLateRefund(tx, a, {
        customer: holding,
        until: new Date(ourEnd.getTime() + config.upstream.lateRefundMs),
      });
    }
  });
}

const baseOf = (config: RelayConfig) => config.upstream.pollMs || 2000;
/** How often the relay looks for due reads: a quarter of the poll interval, at least 200 ms. */
export const relayTickMs = (config: RelayConfig) => Math.max(200, Math.round(config.upstream.pollMs / 4));
/**
 * The wait between reads of a provider read in batches: the poll interval less one relay tick, since
 * a read falls due between two ticks; so a provider's new SMS is seen within one poll interval.
 */
export const steadyOf = (config: RelayConfig) =>
  Math.max(relayTickMs(config), baseOf(config) - relayTickMs(config));
/** The next wait while nothing changed: doubled, at most MAX_BACKOFF times the base. */
const backedOff = (config: RelayConfig, a: ActivationWithProvider) =>
  Math.min(a.poll_interval_ms * 2, baseOf(config) * MAX_BACKOFF);

/**
 * Our side is over (validity out, or an administrator ended the rental), whether a code came, and
 * whether the late-refund window after that end has run out too.
 */
async function rentalEnd(db: Db, config: RelayConfig, rentalId: number | null) {
  const [rental] = await db.query<{ over: boolean; has_message: boolean; window_over: boolean }>(
    `select r.expires_at <= now() or r.status not in ('active', 'inactive', 'suspended') as over,
       exists (select 1 from sms_messages m where m.rental_id = r.id) as has_message,
       case when r.status in ('active', 'inactive', 'suspended') then r.expires_at
         else coalesce(r.ended_at, r.expires_at) end + make_interval(secs => $2::float8 / 1000) <= now() as window_over
     from rentals r where r.id = $1`,
    [rentalId, config.upstream.lateRefundMs],
  );
  return rental ?? null;
}

/**
 * The late-refund window after our side's end ran out while the provider neither ended the activation
 * nor let us cancel it (or no longer knows it, or does not answer): closed as finished, paid; never
 * refunded on our clock alone. Ends the following of it.
 */
async function closedAfterWindow(db: Db, config: RelayConfig, a: ActivationWithProvider) {
  if (!(await rentalEnd(db, config, a.rental_id))?.window_over) return false;
  await endFromUpstream(db, config, a, false);
  return true;
}

/**
 * One status read of one activation and what follows from it. `steady`: the provider is read in
 * batches (one request per round for all its activations), so waiting activations are read every
 * round, without backing off.
 */
export async function followOne(db: Db, config: RelayConfig, a: ActivationWithProvider, steady = false) {
  const client = clientFor(db, config, providerOf(a));
  const base = steady ? steadyOf(config) : baseOf(config);
  let status: StatusOutcome;
  try {
    status = await client.status(a.upstream_id!, { retryRound: a.retry_round });
  } catch {
    if (await closedAfterWindow(db, config, a)) return 'ended';
    await schedulePoll(db, a.id, { waitMs: backedOff(config, a) });
    return 'fault';
  }
  if (status.kind === 'unknown') {
    // Never refunded on our own: the administrator sees it on the providers screen.
    if (await closedAfterWindow(db, config, a)) return 'ended';
    await schedulePoll(db, a.id, { waitMs: base * MAX_BACKOFF, status: 'unknown' });
    return 'unknown';
  }
  const fresh = await ingestUpstreamSms(db, a, status.messages);
  if (status.kind === 'ended') {
    await endFromUpstream(db, config, a, status.refunded && status.messages.length === 0);
    return 'ended';
  }
  const rental = await rentalEnd(db, config, a.rental_id);
  if (rental?.over) {
    // Our validity is over, or an administrator ended the rental (its order completed or cancelled):
    // ask the provider to end it too; what it refunds US follows ITS answer.
    const answer = await (rental.has_message
      ? client.finish(a.upstream_id!)
      : client.cancel(a.upstream_id!)
    ).catch(() => null);
    if (answer?.kind === 'ok' || answer?.kind === 'ended') {
      await endFromUpstream(db, config, a, !rental.has_message && answer.kind === 'ok');
      return 'ended';
    }
    if (rental.window_over) {
      await endFromUpstream(db, config, a, false);
      return 'ended';
    }
  }
  const waitMs = fresh > 0 || steady ? base : backedOff(config, a);
  await schedulePoll(db, a.id, { waitMs, smsSeen: status.messages.length, status: 'open' });
  return fresh > 0 ? 'sms' : 'waiting';
}

/** `upstream_status` of an open activation the provider's batch list left out (see `stillAbsent`). */
const ABSENT_FROM_BATCH = 'absent-from-batch';

/** Providers that answered getActiveActivations as not offered: read one by one until then (this process). */
const batchUnsupportedUntil = new Map<number, number>();
const BATCH_RETRY_MS = 3600_000;

/**
 * The due activations of ONE provider. A provider that offers getActiveActivations is read in batches:
 * one request a round tells which of its open activations changed since the relay last acted (their
 * signature differs) or left the list (ended upstream), and only those are read one by one (getStatus,
 * whose SMS keys the ingest dedupes on), claimed by this round or not, as far as the round's size
 * allows (the rest fall due for the next ticks). The unchanged ones all wait one steady interval, so
 * the provider's activations fall due together and the next round is again ONE request for all of
 * them, however many (a round claims at most `limit`; the batch settles the others): a new SMS is seen
 * within one poll interval. A due one whose rental is over on our side is read and relayed as always.
 * With a single open activation it is read alone, as often. A provider that does not offer the call is
 * read one by one, each activation backing off while nothing changes.
 */
async function relayProvider(
  db: Db,
  config: RelayConfig,
  due: ActivationWithProvider[],
  round: { leaseMs: number; limit: number },
) {
  const { leaseMs, limit } = round;
  const providerId = due[0]!.provider_id;
  const client = clientFor(db, config, providerOf(due[0]!));
  const canBatch =
    config.upstream.batchPoll &&
    client.activeSignatures !== undefined &&
    (batchUnsupportedUntil.get(providerId) ?? 0) < Date.now();
  const others = canBatch
    ? await openOthers(
        db,
        providerId,
        due.map((a) => a.id),
      )
    : [];
  let signatures: Map<string, string> | null = null;
  if (canBatch && due.length + others.length >= 2) {
    try {
      signatures = await client.activeSignatures!();
    } catch {
      // The provider is failing: every due one waits, backed off, as after a failed getStatus.
      await Promise.all(due.map((a) => schedulePoll(db, a.id, { waitMs: backedOff(config, a) })));
      return;
    }
    if (signatures === null) batchUnsupportedUntil.set(providerId, Date.now() + BATCH_RETRY_MS);
  }
  const batch = signatures;
  const signatureOf = (a: { upstream_id: string | null }) => {
    const seen = batch?.get(a.upstream_id!);
    return seen === undefined ? null : `batch:${seen}`;
  };
  const unchanged = (a: { upstream_id: string | null; upstream_status: string | null }) =>
    signatureOf(a) !== null && signatureOf(a) === a.upstream_status;
  // Open here, missing from the provider's list, and found still open when last read: a list the
  // provider cuts short (ours lists 100). Such an activation is read on its own schedule, backed off
  // like one read one by one, instead of in every round as "changed".
  const stillAbsent = (a: { upstream_id: string | null; upstream_status: string | null }) =>
    batch !== null && signatureOf(a) === null && a.upstream_status === ABSENT_FROM_BATCH;
  const steady = steadyOf(config);
  // A provider read in batches is read every round, one open activation alone too (one request a round
  // either way); one that turned out not to offer the batch call backs off per activation.
  const readSteadily = batch !== null || (canBatch && due.length + others.length < 2);
  let changedOthers: ActivationWithProvider[] = [];
  if (batch) {
    await alignNotDue(
      db,
      others.filter(unchanged).map((a) => a.id),
      steady,
    );
    // Read in this round as far as the round's size allows (a provider is not sent thousands of reads
    // at once); the rest fall due now and the next ticks claim them.
    const changed = others.filter((a) => !unchanged(a) && !stillAbsent(a));
    const room = Math.max(0, limit - due.length);
    changedOthers = await claimChanged(db, changed.slice(0, room), leaseMs);
    await makeDue(
      db,
      changed.slice(room).map((a) => a.id),
    );
  }
  await Promise.all(
    [...due, ...changedOthers].map(async (a) => {
      if (batch && unchanged(a) && !(await rentalEnd(db, config, a.rental_id))?.over) {
        await schedulePoll(db, a.id, { waitMs: steady });
        return;
      }
      const signature = signatureOf(a);
      const listed = batch === null || signature !== null;
      const result = await followOne(db, config, a, readSteadily && listed).catch(() => 'fault');
      // Acted on this state: the next batch that shows the same signature needs no read; one that
      // still leaves it out does not either (its own schedule reads it).
      if (batch !== null && (result === 'sms' || result === 'waiting'))
        await noteUpstreamStatus(db, a.id, signature ?? ABSENT_FROM_BATCH);
    }),
  );
}

/** One round of the relay: every due activation claimed by this process, each provider's read in parallel. */
export async function relayDue(db: Db, config: RelayConfig, limit = 50) {
  const leaseMs = Math.max(30_000, config.upstream.requestTimeoutMs * 3);
  const due = await claimDuePolls(db, limit, leaseMs);
  const byProvider = new Map<number, ActivationWithProvider[]>();
  for (const a of due) byProvider.set(a.provider_id, [...(byProvider.get(a.provider_id) ?? []), a]);
  await Promise.all(
    [...byProvider.values()].map((group) =>
      relayProvider(db, config, group, { leaseMs, limit }).catch(() => {}),
    ),
  );
  return due.length;
}

// ---------------------------------------------------------------- the customer's actions, relayed

/**
 * Rentals an administrator ended (an order completed or cancelled) whose numbers are a provider's: their
 * activations are read at once, and the read asks the provider to end them (finish after a code, else
 * cancel, so the provider refunds us), retried like any read until the provider answers.
 */
export async function endUpstreamSoon(q: Queryable, rentalIds: number[]) {
  if (rentalIds.length === 0) return;
  await q.query(
    `update upstream_activations set next_poll_at = now() where state = 'active' and rental_id = any($1::bigint[])`,
    [rentalIds],
  );
}

/** The activation behind a rental while it is open upstream, or null (own stock, or already ended). */
export async function openUpstreamOf(db: Db, rentalId: number) {
  const a = await activationOfRental(db, rentalId);
  return a && a.state === 'active' ? a : null;
}

const unavailable = () => new AppError('UPSTREAM_UNAVAILABLE');

/**
 * Cancel: the provider first (setStatus 8 / 5sim cancel); its early-cancel lock is the same answer as
 * ours ("too early", with a wait); the customer is refunded when the provider confirms.
 */
export async function relayCancel(db: Db, config: RelayConfig, a: ActivationWithProvider) {
  const answer = await clientFor(db, config, providerOf(a))
    .cancel(a.upstream_id!)
    .catch(() => null);
  if (answer === null) throw unavailable();
  if (answer.kind === 'too_early') throw new AppError('ACTIVATION_CANCEL_TOO_EARLY', { seconds: 60 });
  if (answer.kind === 'refused') throw unavailable();
  if (answer.kind === 'ended') {
    // Already over upstream: what it says now decides (refund only if it refunded).
    await followOne(db, config, a);
    return;
  }
  await endFromUpstream(db, config, a, true);
}

/** Finish: ended here (the caller checked the code came), relayed to the provider. */
export async function relayFinish(db: Db, config: RelayConfig, a: ActivationWithProvider) {
  await clientFor(db, config, providerOf(a))
    .finish(a.upstream_id!)
    .catch(() => null);
  await endFromUpstream(db, config, a, false);
}

/** Another SMS: asked of the provider (setStatus 3), then the rental waits for a newer SMS. */
export async function relayAnotherSms(
  db: Db,
  config: RelayConfig,
  a: ActivationWithProvider,
  userId: number,
) {
  const answer = await clientFor(db, config, providerOf(a))
    .anotherSms(a.upstream_id!)
    .catch(() => null);
  if (answer === null || answer.kind !== 'ok') throw unavailable();
  await storeTransaction(db, async (tx) => {
    const rental = await lockRental(tx, a.rental_id!, userId);
    if (!rental) throw new AppError('RENTAL_NOT_FOUND');
    await requestAnotherSms(tx, rental.id);
  });
  await schedulePoll(db, a.id, { waitMs: config.upstream.pollMs || 2000, retryRound: a.retry_round + 1 });
}
