import {
  type AdminDepositQuery,
  type AttachDepositInput,
  type DepositQuery,
  fromMicros,
  type HdWalletInfo,
  type RechargeInfo,
  toMicros,
  USDT_TRC20_CONTRACT,
  type WatcherHealth,
} from '@jiema/shared';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { readExtendedPublicKey } from '../../lib/tron-hd';
import { type Actor, audit } from '../audit/audit';
import { applyBalanceChange } from '../ledger/ledger.service';
import {
  assignDerivedAddress,
  assignFreeAddress,
  balanceOf,
  countDerivedAddresses,
  countSharedAddresses,
  findAssignedAddress,
} from './deposit-address.repository';
import { depositReference } from './deposit-crediting';
import {
  findAdminDeposit,
  listAdminDeposits,
  listAllAdminDeposits,
  listOwnDeposits,
  lockDeposit,
  updateDeposit,
} from './deposits.repository';
import {
  cancelOpenOrder,
  expireDueOrders,
  findOpenOrder,
  insertOrder,
  listSharedAddresses,
  reservedAmounts,
} from './recharge-orders.repository';
import { watchAddress } from './scan-state.repository';
import { watcherHealth } from './watcher-health';

type RechargeConfig = Pick<
  Config,
  | 'rechargeMinAmount'
  | 'rechargeOrderMinutes'
  | 'tronXpub'
  | 'tronWatcherEnabled'
  | 'trongridUrl'
  | 'tronPollIntervalMs'
>;

/** A recharge order's amount: the requested one plus k × 0.0001 USDT, k = 1 … 9999 (never the round amount itself). */
const STEP_MICROS = 100n;
const STEPS = 9999n;
const ORDER_MAX = '1000000';

/** Orders pick their amount one at a time (they are rare; the picks would otherwise collide and retry). */
const ORDER_PICK_LOCK = 0x7e5d_0010;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Watcher states in which a deposit made now is credited late (when the chain API is back). */
const DELAYING_STATES: ReadonlySet<WatcherHealth['state']> = new Set([
  'unreachable',
  'rate_limited',
  'failing',
]);

export function createRechargeService({ db, config }: { db: Db; config: RechargeConfig }) {
  const hd = config.tronXpub ? readExtendedPublicKey(config.tronXpub) : null;
  const derived = hd && 'source' in hd ? hd.source : null;

  /**
   * The user's sticky address: the one they have, else the next one derived from the extended public
   * key when there is one (addresses never run out), else the first free one of the pool. Theirs for good.
   */
  async function addressOf(userId: number) {
    const own = await findAssignedAddress(db, userId);
    if (own) return own;
    try {
      if (derived) return await db.transaction((tx) => assignDerivedAddress(tx, userId, derived));
      return await assignFreeAddress(db, userId);
    } catch (error) {
      // The same user asking twice at once: the other request assigned it.
      if (isUniqueViolation(error)) return findAssignedAddress(db, userId);
      throw error;
    }
  }

  async function pickAmount(q: Queryable, requested: string) {
    const shared = await listSharedAddresses(q);
    if (shared.length === 0) throw new AppError('RECHARGE_NO_ADDRESS');
    const base = toMicros(requested);
    const taken = await reservedAmounts(
      q,
      shared.map((a) => a.id),
      fromMicros(base),
      fromMicros(base + STEP_MICROS * STEPS),
    );
    for (let k = 1n; k <= STEPS; k++) {
      const amount = fromMicros(base + STEP_MICROS * k);
      for (const a of shared) if (!taken.has(`${a.id}:${amount}`)) return { ...a, amount };
    }
    throw new AppError('RECHARGE_AMOUNTS_EXHAUSTED');
  }

  return {
    /** For the settings page: whether addresses are derived, from which path, how many so far. */
    async hdWallet(): Promise<HdWalletInfo> {
      return {
        configured: derived !== null,
        pathPattern: derived?.pathPattern ?? null,
        derivedCount: derived ? await countDerivedAddresses(db, derived.keyId) : 0,
      };
    },

    async info(userId: number): Promise<RechargeInfo> {
      await expireDueOrders(db);
      const address = await addressOf(userId);
      if (address) await watchAddress(db, address.id, 'page');
      const [openOrder, sharedCount, balance, health] = await Promise.all([
        findOpenOrder(db, userId),
        address ? 0 : countSharedAddresses(db),
        balanceOf(db, userId),
        watcherHealth(db, config, 'en-US'),
      ]);
      return {
        address: address?.address ?? null,
        ordersAvailable: !address && sharedCount > 0,
        minAmount: fromMicros(toMicros(config.rechargeMinAmount)),
        orderMinutes: config.rechargeOrderMinutes,
        network: 'TRC20',
        token: 'USDT',
        contract: USDT_TRC20_CONTRACT,
        openOrder,
        balance,
        depositsDelayed: DELAYING_STATES.has(health.state),
        now: new Date().toISOString(),
      };
    },

    async listDeposits(userId: number, query: DepositQuery) {
      const own = await findAssignedAddress(db, userId);
      if (own) await watchAddress(db, own.id, 'page');
      const { list, total } = await listOwnDeposits(db, userId, query);
      return paged(list, total, query);
    },

    /** Only when the pool has no address for the user: a unique amount on a shared address, for a while. */
    async createOrder(userId: number, requested: string) {
      if (toMicros(requested) < toMicros(config.rechargeMinAmount))
        throw new AppError('RECHARGE_AMOUNT_TOO_SMALL', {
          min: fromMicros(toMicros(config.rechargeMinAmount)),
        });
      if (toMicros(requested) > toMicros(ORDER_MAX))
        throw new AppError('RECHARGE_AMOUNT_TOO_LARGE', { max: ORDER_MAX });
      if (await addressOf(userId)) throw new AppError('RECHARGE_ORDERS_UNAVAILABLE');
      await expireDueOrders(db);
      if (await findOpenOrder(db, userId)) throw new AppError('RECHARGE_ORDER_OPEN');
      // Picks are serialized by an advisory lock; the unique index of open amounts is the last word all the same.
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            await tx.query('select pg_advisory_xact_lock($1)', [ORDER_PICK_LOCK]);
            const pick = await pickAmount(tx, requested);
            const order = await insertOrder(tx, {
              userId,
              addressId: pick.id,
              address: pick.address,
              requested,
              amount: pick.amount,
              minutes: config.rechargeOrderMinutes,
            });
            await watchAddress(tx, pick.id, new Date(order.expiresAt));
            return order;
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (await findOpenOrder(db, userId)) throw new AppError('RECHARGE_ORDER_OPEN');
          if (attempt >= 5) throw new AppError('RECHARGE_AMOUNTS_EXHAUSTED');
        }
      }
    },

    async cancelOrder(userId: number, id: number) {
      if (!(await cancelOpenOrder(db, userId, id))) throw new AppError('RECHARGE_ORDER_NOT_FOUND');
    },

    async listAll(query: AdminDepositQuery) {
      const { list, total } = await listAdminDeposits(db, query);
      return paged(list, total, query);
    },

    exportAll: (query: Omit<AdminDepositQuery, 'page' | 'pageSize'>) => listAllAdminDeposits(db, query),

    /** An administrator credits a deposit nobody could be matched to: once (row lock + ledger reference). */
    async attach(actor: Actor, id: number, input: AttachDepositInput) {
      return db.transaction(async (tx) => {
        const deposit = await lockDeposit(tx, 'id', id);
        if (!deposit) throw new AppError('DEPOSIT_NOT_FOUND');
        if (deposit.status !== 'unmatched') throw new AppError('DEPOSIT_NOT_UNMATCHED');
        const [user] = await tx.query<{ id: number }>(
          'select id from users where lower(username) = lower($1)',
          [input.username],
        );
        if (!user) throw new AppError('DEPOSIT_USER_NOT_FOUND', { username: input.username });
        const before = await findAdminDeposit(tx, id);
        const { entry } = await applyBalanceChange(tx, {
          userId: user.id,
          type: 'recharge',
          amount: deposit.amount,
          reference: depositReference(deposit.tx_id, deposit.event_index),
          note: input.note,
          actorId: actor.id,
        });
        await updateDeposit(tx, id, {
          status: 'credited',
          userId: user.id,
          ledgerEntryId: entry.id,
          attachedBy: actor.id,
          credited: true,
        });
        const after = await findAdminDeposit(tx, id);
        await audit(tx, actor, { action: 'attach', entity: 'usdt_deposit', entityId: id, before, after });
        return after!;
      });
    },
  };
}

export type RechargeService = ReturnType<typeof createRechargeService>;
