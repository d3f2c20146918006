import { z } from 'zod';
import { ZAmountInput } from '../money';
import { ZPageQuery } from '../pagination';
import { ZDateTimeFilter } from './finance';
import { ZMoney } from './user';

/**
 * USDT-TRC20 deposits (PRODUCT.md §3 "Deposit"): what the chain watcher saw, the recharge page of a
 * customer (their sticky pool address, or a recharge order reserving a unique amount on a shared
 * address), the administrators' recharge log and the watcher's health.
 */

const MAX_ID = 2_147_483_647;

/**
 * seen: in a block not yet solidified; confirming: still unsolidified at a later scan; credited: paid
 * into a balance through the ledger; unmatched: solidified but no single owner (administrators'
 * queue); dropped: seen unconfirmed and never solidified.
 */
export const DEPOSIT_STATUSES = ['seen', 'confirming', 'credited', 'unmatched', 'dropped'] as const;
export const ZDepositStatus = z.enum(DEPOSIT_STATUSES, { error: 'validation.depositStatusInvalid' });
export type DepositStatus = z.infer<typeof ZDepositStatus>;

/** Why a solidified deposit waits for an administrator. */
export const UNMATCHED_REASONS = [
  'unassigned',
  'no_order',
  'ambiguous',
  'below_minimum',
  'unknown_address',
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/** A deposit as its owner sees it. */
export const ZDeposit = z.object({
  id: z.number().int(),
  txId: z.string(),
  toAddress: z.string(),
  fromAddress: z.string(),
  amount: ZMoney,
  status: ZDepositStatus,
  blockAt: z.string(),
  creditedAt: z.string().nullable(),
  rechargeOrderId: z.number().int().nullable(),
});
export type Deposit = z.infer<typeof ZDeposit>;

/** A deposit in the administrators' recharge log. */
export const ZAdminDeposit = ZDeposit.extend({
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  reason: z.string(),
  attachedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDeposit = z.infer<typeof ZAdminDeposit>;

export const ZDepositQuery = ZPageQuery.extend({ status: ZDepositStatus.optional() });
export type DepositQuery = z.infer<typeof ZDepositQuery>;

export const ZAdminDepositQuery = ZPageQuery.extend({
  status: ZDepositStatus.optional(),
  /** Part of a transaction id or of an address (to or from). */
  keyword: z.string().trim().max(100, 'validation.depositKeywordLength').optional(),
  /** Username or email, exact or partial. */
  user: z.string().trim().max(64, 'validation.userKeywordLength').optional(),
  from: ZDateTimeFilter,
  to: ZDateTimeFilter,
});
export type AdminDepositQuery = z.infer<typeof ZAdminDepositQuery>;

export const ZDepositParams = z.object({
  id: z.coerce.number({ error: 'validation.depositIdFormat' }).int().min(1).max(MAX_ID),
});

/** An administrator credits an unmatched deposit to a user, once. */
export const ZAttachDepositInput = z.object({
  username: z
    .string({ error: 'validation.depositUsernameRequired' })
    .trim()
    .min(1, 'validation.depositUsernameRequired')
    .max(64, 'validation.depositUsernameRequired'),
  note: z
    .string({ error: 'validation.noteRequired' })
    .trim()
    .min(1, 'validation.noteRequired')
    .max(500, 'validation.noteLength'),
});
export type AttachDepositInput = z.infer<typeof ZAttachDepositInput>;

export const RECHARGE_ORDER_STATUSES = ['open', 'paid', 'expired', 'cancelled'] as const;

/** A recharge order: a unique amount reserved on a shared address until `expiresAt`. */
export const ZRechargeOrder = z.object({
  id: z.number().int(),
  address: z.string(),
  requestedAmount: ZMoney,
  /** What to send, to the last decimal: the reservation is this exact amount. */
  amount: ZMoney,
  status: z.enum(RECHARGE_ORDER_STATUSES),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RechargeOrder = z.infer<typeof ZRechargeOrder>;

export const ZRechargeOrderInput = z.object({ amount: ZAmountInput });
export type RechargeOrderInput = z.infer<typeof ZRechargeOrderInput>;

/** The recharge page: the user's address (or why there is none), the rules, the open order. */
export const ZRechargeInfo = z.object({
  /** The user's own deposit address; null when the pool had no free address for them. */
  address: z.string().nullable(),
  /** A recharge order can be placed (the pool is exhausted and a shared address exists). */
  ordersAvailable: z.boolean(),
  minAmount: ZMoney,
  orderMinutes: z.number().int(),
  network: z.literal('TRC20'),
  token: z.literal('USDT'),
  contract: z.string(),
  openOrder: ZRechargeOrder.nullable(),
  balance: ZMoney,
  /**
   * The chain watcher cannot read the chain now (unreachable, rate limited, failing): deposits are
   * not lost but credited late, when it is back. The page says so instead of "about a minute".
   */
  depositsDelayed: z.boolean(),
  /** Server time, so the countdown does not depend on the browser's clock. */
  now: z.string(),
});
export type RechargeInfo = z.infer<typeof ZRechargeInfo>;

/** The chain watcher's health, for the admin screen and /healthz. */
export const WATCHER_STATES = [
  'off',
  'idle',
  'ok',
  'unreachable',
  'rate_limited',
  'failing',
  'starting',
  'catching_up',
] as const;
export const ZWatcherHealth = z.object({
  state: z.enum(WATCHER_STATES),
  /** One plain sentence in the caller's language. */
  message: z.string(),
  apiUrl: z.string(),
  lastRoundAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  consecutiveErrors: z.number().int(),
  /** How far behind the present the solidified chain has been read, in seconds (about a minute is normal). */
  lagSeconds: z.number().nullable(),
  addressesWatched: z.number().int(),
  unmatchedCount: z.number().int(),
  pollIntervalSeconds: z.number(),
});
export type WatcherHealth = z.infer<typeof ZWatcherHealth>;

/** Where new customers' deposit addresses come from: the pool, or an extended public key. */
export const ZHdWalletInfo = z.object({
  /** An extended public key (TRON_XPUB) is configured: new customers get derived addresses. */
  configured: z.boolean(),
  /** The derivation path of the addresses, `{i}` for the index (null without a key). */
  pathPattern: z.string().nullable(),
  /** Addresses derived from the key so far (each given to one customer). */
  derivedCount: z.number().int(),
});
export type HdWalletInfo = z.infer<typeof ZHdWalletInfo>;
