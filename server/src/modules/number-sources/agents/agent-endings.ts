import type { Db, Queryable } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { endRentals } from '../../rentals/rental-endings';
import { lockRental, requestAnotherSms } from '../../rentals/rentals.repository';
import { HOLDING } from '../../store/store.repository';
import { storeTransaction } from '../../store/transaction';
import type { RelayedLifecycle } from '../number-source';
import {
  earn,
  enqueueFinish,
  type OpenActivation,
  openActivationOfRental,
} from './agent-activations.repository';
import { FINISH } from './agent-protocol';

/**
 * How an agent's activation ends, in the caller's transaction, once: `active → ended` with its
 * FINISH_ACTIVATION status queued (3 sold, 4 cancelled, 5 refunded to the customer after its SMS) and,
 * when sold, the agent's pay credited. False: it had already ended.
 */
export async function endActivation(tx: Queryable, id: number, status: 3 | 4 | 5) {
  const [a] = await tx.query<OpenActivation>(
    `update agent_activations set state = 'ended', finish_status = $2, ended_at = now(), updated_at = now()
     where id = $1 and state = 'active' returning id, agent_id, rental_id, pay::text as pay, pay_usdt::text as pay_usdt`,
    [id, status],
  );
  if (!a) return false;
  await enqueueFinish(tx, a.agent_id, a.id, status);
  if (status === FINISH.sold) await earn(tx, a, 'sold');
  return true;
}

/** A sold activation refunded to the customer afterwards: status 5 queued, the agent's pay reversed, once. */
export async function refundAfterSale(tx: Queryable, id: number) {
  const [a] = await tx.query<OpenActivation>(
    `update agent_activations set finish_status = $2, updated_at = now()
     where id = $1 and state = 'ended' and finish_status = $3
     returning id, agent_id, rental_id, pay::text as pay, pay_usdt::text as pay_usdt`,
    [id, FINISH.refunded, FINISH.sold],
  );
  if (!a) return false;
  await enqueueFinish(tx, a.agent_id, a.id, FINISH.refunded);
  await earn(tx, a, 'reversed');
  return true;
}

/**
 * The customer's actions on a rental an agent serves. The hub decides an activation's end (the
 * protocol's rule), so each ends here at once, with the rental, and the agent is told through the
 * outbox afterwards; another SMS needs nothing of the agent (it pushes every SMS of the number).
 */
export function agentLifecycle(db: Db, a: OpenActivation, cooldownMinutes: number): RelayedLifecycle {
  return {
    async cancel() {
      await storeTransaction(db, async (tx) => {
        const rental = await lockRental(tx, a.rental_id, null);
        if (!rental || rental.has_message || !HOLDING.includes(`'${rental.status}'`)) return;
        await endRentals(tx, [{ rental, status: 'cancelled', refund: true }], cooldownMinutes);
        await endActivation(tx, a.id, FINISH.cancelled);
      });
    },
    async finish() {
      await storeTransaction(db, async (tx) => {
        const rental = await lockRental(tx, a.rental_id, null);
        if (!rental) return;
        if (HOLDING.includes(`'${rental.status}'`)) {
          await endRentals(tx, [{ rental, status: 'finished', refund: false }], cooldownMinutes);
        }
        await endActivation(tx, a.id, rental.has_message ? FINISH.sold : FINISH.cancelled);
      });
    },
    async anotherSms(userId) {
      await storeTransaction(db, async (tx) => {
        const rental = await lockRental(tx, a.rental_id, userId);
        if (!rental) throw new AppError('RENTAL_NOT_FOUND');
        await requestAnotherSms(tx, rental.id);
      });
    },
  };
}

export async function agentLifecycleOf(db: Db, rentalId: number, cooldownMinutes: number) {
  const a = await openActivationOfRental(db, rentalId);
  return a ? agentLifecycle(db, a, cooldownMinutes) : null;
}

/**
 * The reconciliation of agents' activations (every process, rows claimed SKIP LOCKED):
 * - a rental that ended on our side (expired by the sweeper, cancelled by an administrator) ends its
 *   activation: sold (3) when an SMS came and nothing was refunded, refunded (5) when an SMS came and
 *   the customer was refunded all the same, else cancelled (4);
 * - a sold activation whose rental was refunded afterwards is reported refunded (5), pay reversed;
 * - an intent older than the purchase budget never got its answer: failed; a number given but never
 *   sold (a crash between the agent's answer and our commit) is cancelled at the agent (4).
 */
export async function reconcileAgentActivations(db: Db, graceMs: number, limit = 50) {
  let changed = 0;
  await db.transaction(async (tx) => {
    const closed = await tx.query<{ id: number; coded: boolean; refunded: boolean }>(
      `select a.id, exists (select 1 from sms_messages m where m.rental_id = r.id) as coded,
         r.refunded_at is not null as refunded
       from agent_activations a join rentals r on r.id = a.rental_id
       where a.state = 'active' and r.status not in ${HOLDING}
       order by a.id limit ${Math.trunc(limit)} for update of a skip locked`,
    );
    for (const row of closed) {
      const status = !row.coded ? FINISH.cancelled : row.refunded ? FINISH.refunded : FINISH.sold;
      if (await endActivation(tx, row.id, status)) changed += 1;
    }
    const refunded = await tx.query<{ id: number }>(
      `select a.id from agent_activations a join rentals r on r.id = a.rental_id
       where a.state = 'ended' and a.finish_status = 3 and r.refunded_at is not null
       order by a.id limit ${Math.trunc(limit)} for update of a skip locked`,
    );
    for (const row of refunded) if (await refundAfterSale(tx, row.id)) changed += 1;
    const stale = await tx.query<{ id: number; agent_id: number; state: string }>(
      `select id, agent_id, state from agent_activations
       where state in ('asking', 'given') and created_at < now() - make_interval(secs => $1::float8 / 1000)
       order by id limit ${Math.trunc(limit)} for update skip locked`,
      [graceMs],
    );
    for (const row of stale) {
      if (row.state === 'asking') {
        await tx.query(
          `update agent_activations set state = 'failed', note = 'no answer recorded', ended_at = now() where id = $1`,
          [row.id],
        );
      } else {
        await tx.query(
          `update agent_activations set state = 'refused', finish_status = 4, note = 'given but never sold',
             ended_at = now() where id = $1`,
          [row.id],
        );
        await enqueueFinish(tx, row.agent_id, row.id, FINISH.cancelled);
      }
      changed += 1;
    }
  });
  return changed;
}
