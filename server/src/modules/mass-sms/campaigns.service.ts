import {
  type CampaignCreate,
  type CampaignQuery,
  formatMoney,
  fromMicros,
  type OutboundMessageQuery,
  type SendInput,
  type SendPreview,
  toMicros,
  type UserPlanUpdate,
} from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { lockUserToActOn } from '../admin-users/effective-permissions';
import { assertNotSelf, type Grantor } from '../admin-users/privilege-rules';
import { audit } from '../audit/audit';
import { applyBalanceChange } from '../ledger/ledger.service';
import { approvedTemplateOf } from '../sms-templates/sms-templates.service';
import {
  accountOf,
  recordUsage,
  type SmsAccount,
  saveAccount,
  usageByDay,
  usageOf,
} from './accounts.repository';
import { findCampaign, insertMessages, listCampaigns, listMessages } from './campaigns.repository';
import { freeLeftOf, planOf, priceMessages } from './pricing';
import { assertSendable, planRecipients, type RecipientPlan } from './recipients';
import { refundUnsent } from './refunds';

const SCHEDULE_MAX_MS = 30 * 86_400_000;
/** A scheduled time this little in the past (a slow click) means "now". */
const SCHEDULE_SKEW_MS = 60_000;
const INSERT_CHUNK = 5_000;

export type CampaignServiceOptions = {
  validityHours: number;
  /** The built-in administrator's name: the privilege rules protect that account. */
  adminUsername: string;
};

async function balanceOf(q: Queryable, userId: number) {
  const rows = await q.query<{ balance: string }>(
    'select balance::text as balance from users where id = $1',
    [userId],
  );
  return rows[0]?.balance ?? '0';
}

function scheduleOf(input: SendInput, now = Date.now()): Date | null {
  if (!input.scheduledAt) return null;
  const at = new Date(input.scheduledAt).getTime();
  if (at < now - SCHEDULE_SKEW_MS || at > now + SCHEDULE_MAX_MS)
    throw new AppError('MASS_SMS_SCHEDULE_INVALID');
  return at <= now ? null : new Date(at);
}

/** The template (approved, the caller's own) or the free text. */
async function contentOf(q: Queryable, userId: number, input: SendInput) {
  if (input.templateId === undefined) return { content: input.content, template: null };
  const template = await approvedTemplateOf(q, userId, input.templateId);
  return { content: template.content, template };
}

function costOf(plan: RecipientPlan, account: SmsAccount, balance: string) {
  const freeLeft = freeLeftOf(account.plan, account.freeUsed);
  const priced = priceMessages(
    plan.messages.map((m) => m.segments),
    account.plan,
    freeLeft,
  );
  return {
    priced,
    cost: {
      plan: account.plan,
      pricePerSegment: formatMoney(planOf(account.plan).pricePerMessage),
      totalSegments: priced.totalSegments,
      freeSegments: priced.freeSegments,
      chargedSegments: priced.totalSegments - priced.freeSegments,
      amount: fromMicros(priced.amountMicros),
      balance: formatMoney(balance),
      balanceSufficient: toMicros(balance) >= priced.amountMicros,
      freeLeftAfter: freeLeft - priced.freeSegments,
    },
  };
}

function limitsAfter(account: SmsAccount, used: { daily: number; monthly: number }, segments: number) {
  const dailyLeft = account.dailyLimit === null ? null : Math.max(0, account.dailyLimit - used.daily);
  const monthlyLeft = account.monthlyLimit === null ? null : Math.max(0, account.monthlyLimit - used.monthly);
  return {
    dailyLimit: account.dailyLimit,
    dailyLeft,
    monthlyLimit: account.monthlyLimit,
    monthlyLeft,
    withinLimits:
      (dailyLeft === null || segments <= dailyLeft) && (monthlyLeft === null || segments <= monthlyLeft),
  };
}

/** Send preview, confirm (charge + queue), the send orders and their controls, the history, the quota. */
export function createCampaignService(db: Db, options: CampaignServiceOptions) {
  async function preview(userId: number, input: SendInput): Promise<SendPreview> {
    const scheduled = scheduleOf(input);
    const { content, template } = await contentOf(db, userId, input);
    const plan = await planRecipients(input, content);
    const [account, used, balance] = await Promise.all([
      accountOf(db, userId),
      usageOf(db, userId),
      balanceOf(db, userId),
    ]);
    const { cost } = costOf(plan, account, balance);
    return {
      numbers: plan.messages.map((m) => m.phone),
      validCount: plan.messages.length,
      invalidCount: plan.invalidCount,
      duplicateCount: plan.duplicateCount,
      invalid: plan.invalid,
      duplicates: plan.duplicates,
      samples: plan.messages.slice(0, 20).map((m) => ({
        phone: m.phone,
        text: m.text,
        encoding: m.encoding,
        segments: m.segments,
        units: m.units,
      })),
      encodings: plan.encodings,
      maxSegments: plan.maxSegments,
      tooLongCount: plan.tooLongCount,
      cost,
      quota: limitsAfter(account, used, cost.totalSegments),
      template: template
        ? {
            id: template.id,
            name: template.name,
            variables: [...content.matchAll(/\{([A-Za-z_][A-Za-z0-9_]{0,31})\}/g)].map((m) => m[1]!),
          }
        : null,
      scheduledAt: scheduled?.toISOString() ?? null,
    };
  }

  /**
   * The confirm: in one transaction, under the lock of the user's account row (so two confirms of one
   * user, on any processes, run one after the other and the limits hold), the campaign and its
   * messages are written, then the cost is charged through the ledger (reference = the campaign).
   * The same `requestKey` answers the campaign created before instead of a second one.
   */
  async function create(userId: number, input: CampaignCreate) {
    const scheduled = scheduleOf(input);
    const campaignId = await db.transaction(async (tx) => {
      const account = await accountOf(tx, userId, true);
      const existing = await tx.query<{ id: number }>(
        'select id from sms_campaigns where user_id = $1 and request_key = $2',
        [userId, input.requestKey],
      );
      if (existing[0]) return existing[0].id;
      const { content } = await contentOf(tx, userId, input);
      const plan = await planRecipients(input, content);
      assertSendable(plan, input.skipInvalid);
      const used = await usageOf(tx, userId);
      const { priced, cost } = costOf(plan, account, await balanceOf(tx, userId));
      const limits = limitsAfter(account, used, priced.totalSegments);
      if (limits.dailyLeft !== null && priced.totalSegments > limits.dailyLeft)
        throw new AppError('MASS_SMS_DAILY_LIMIT', { left: limits.dailyLeft });
      if (limits.monthlyLeft !== null && priced.totalSegments > limits.monthlyLeft)
        throw new AppError('MASS_SMS_MONTHLY_LIMIT', { left: limits.monthlyLeft });
      if (input.expectedAmount !== undefined && toMicros(input.expectedAmount) !== priced.amountMicros)
        throw new AppError('MASS_SMS_COST_CHANGED', { amount: cost.amount });
      const day = await recordUsage(tx, userId, {
        segments: priced.totalSegments,
        messages: plan.messages.length,
        freeSegments: priced.freeSegments,
      });
      const [row] = await tx.query<{ id: number }>(
        `insert into sms_campaigns (user_id, request_key, name, status, sender_id, content, template_id, plan, price,
           scheduled_at, total, segments, free_segments, amount, usage_day, started_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10, $11, $12, $13, $14::numeric, $15::date,
                 case when $4 = 'sending' then now() end)
         returning id`,
        [
          userId,
          input.requestKey,
          input.name,
          scheduled ? 'scheduled' : 'sending',
          input.senderId,
          content,
          input.templateId ?? null,
          account.plan,
          planOf(account.plan).pricePerMessage,
          scheduled,
          plan.messages.length,
          priced.totalSegments,
          priced.freeSegments,
          cost.amount,
          day,
        ],
      );
      const id = row!.id;
      const startAt = scheduled ?? new Date();
      const expiresAt = new Date(startAt.getTime() + options.validityHours * 3_600_000);
      for (let at = 0; at < plan.messages.length; at += INSERT_CHUNK) {
        await insertMessages(tx, {
          campaignId: id,
          userId,
          senderId: input.senderId,
          startAt,
          expiresAt,
          messages: plan.messages.slice(at, at + INSERT_CHUNK),
          free: priced.free.slice(at, at + INSERT_CHUNK),
          costs: priced.costMicros.slice(at, at + INSERT_CHUNK).map((c) => fromMicros(c)),
        });
      }
      // Charged last: the ledger entry locks the user's balance row and a row of the revenue report
      // (report_ledger_buckets, one per bucket and shard) until the commit, and purchases of every
      // customer that write the same report row wait for it. Before the messages were written, they
      // waited for the whole insert (60-130 ms for a campaign of thousands; bench/busy-day.mjs). Short
      // of balance by now (a purchase spent it meanwhile), the charge fails and the messages roll back.
      if (priced.amountMicros > 0n) {
        await applyBalanceChange(tx, {
          userId,
          type: 'consume',
          amount: cost.amount,
          reference: `mass-sms:campaign:${id}`,
          note: `mass SMS #${id}: ${priced.totalSegments - priced.freeSegments} segments`,
          onInsufficient: (balance) =>
            new AppError('INSUFFICIENT_BALANCE', { needed: cost.amount, balance: formatMoney(balance) }),
        });
      }
      return id;
    });
    return (await findCampaign(db, campaignId, userId))!;
  }

  async function owned(tx: Queryable, userId: number, id: number) {
    const rows = await tx.query<{ status: string; scheduled_at: Date | null }>(
      'select status, scheduled_at from sms_campaigns where id = $1 and user_id = $2 for update',
      [id, userId],
    );
    if (!rows[0]) throw new AppError('MASS_SMS_CAMPAIGN_NOT_FOUND');
    return rows[0];
  }

  async function pause(userId: number, id: number) {
    await db.transaction(async (tx) => {
      const campaign = await owned(tx, userId, id);
      if (campaign.status !== 'sending' && campaign.status !== 'scheduled')
        throw new AppError('MASS_SMS_CAMPAIGN_STATE', { status: campaign.status });
      await tx.query("update sms_campaigns set status = 'paused', updated_at = now() where id = $1", [id]);
    });
    return (await findCampaign(db, id, userId))!;
  }

  /** Resumes; what is still pending gets its validity again from now (a pause does not expire messages). */
  async function resume(userId: number, id: number) {
    await db.transaction(async (tx) => {
      const campaign = await owned(tx, userId, id);
      if (campaign.status !== 'paused')
        throw new AppError('MASS_SMS_CAMPAIGN_STATE', { status: campaign.status });
      const later = campaign.scheduled_at && new Date(campaign.scheduled_at).getTime() > Date.now();
      await tx.query(
        `update sms_campaigns set status = $2, started_at = coalesce(started_at, case when $2 = 'sending' then now() end),
           updated_at = now() where id = $1`,
        [id, later ? 'scheduled' : 'sending'],
      );
      await tx.query(
        `update sms_outbound set expires_at = greatest(expires_at, now() + $2 * interval '1 hour')
          where campaign_id = $1 and status = 'pending'`,
        [id, options.validityHours],
      );
    });
    return (await findCampaign(db, id, userId))!;
  }

  /** Cancels: every message not yet submitted fails and is refunded (money, free segments, usage). */
  async function cancel(userId: number, id: number) {
    await db.transaction(async (tx) => {
      const campaign = await owned(tx, userId, id);
      if (!['scheduled', 'sending', 'paused'].includes(campaign.status))
        throw new AppError('MASS_SMS_CAMPAIGN_STATE', { status: campaign.status });
      await tx.query(
        "update sms_campaigns set status = 'cancelled', finished_at = now(), updated_at = now() where id = $1",
        [id],
      );
      await refundUnsent(tx, { campaignId: id, pending: true, reason: 'cancelled' });
    });
    return (await findCampaign(db, id, userId))!;
  }

  async function detail(userId: number, id: number) {
    const campaign = await findCampaign(db, id, userId);
    if (!campaign) throw new AppError('MASS_SMS_CAMPAIGN_NOT_FOUND');
    return campaign;
  }

  async function list(userId: number, query: CampaignQuery) {
    const { list, total } = await listCampaigns(db, userId, query);
    return paged(list, total, query);
  }

  async function messages(userId: number, query: OutboundMessageQuery) {
    const { list, total } = await listMessages(db, userId, query);
    return paged(list, total, query);
  }

  /** CSV exports take the list's filters but always write newest first (the sort field is ignored). */
  async function exportMessages(userId: number, query: OutboundMessageQuery) {
    const { sortField: _ignored, sortOrder: _also, ...filters } = query;
    return (await listMessages(db, userId, filters, { all: true })).list;
  }

  async function quota(userId: number) {
    const [account, used, balance, days] = await Promise.all([
      accountOf(db, userId),
      usageOf(db, userId),
      balanceOf(db, userId),
      usageByDay(db, userId),
    ]);
    const plan = planOf(account.plan);
    return {
      plan: account.plan,
      pricePerSegment: formatMoney(plan.pricePerMessage),
      freeMessages: plan.freeMessages,
      freeUsed: account.freeUsed,
      freeLeft: freeLeftOf(account.plan, account.freeUsed),
      dailyLimit: account.dailyLimit,
      dailyUsed: used.daily,
      monthlyLimit: account.monthlyLimit,
      monthlyUsed: used.monthly,
      balance: formatMoney(balance),
      usageByDay: days,
    };
  }

  /** A plan sets prices and limits: the user administration's rules apply (nobody sets their own, nor a stronger account's). */
  async function setUserPlan(actor: Grantor, userId: number, change: UserPlanUpdate) {
    await db.transaction(async (tx) => {
      const exists = await tx.query('select 1 from users where id = $1', [userId]);
      if (!exists[0]) throw new AppError('NOT_FOUND');
      await lockUserToActOn(tx, actor, userId, options.adminUsername);
      assertNotSelf(actor, { id: userId });
      const before = await accountOf(tx, userId, true);
      await saveAccount(tx, userId, change);
      const after = await accountOf(tx, userId);
      await audit(tx, actor, { action: 'update', entity: 'sms_account', entityId: userId, before, after });
    });
    return quota(userId);
  }

  return {
    preview,
    create,
    pause,
    resume,
    cancel,
    detail,
    list,
    messages,
    exportMessages,
    quota,
    setUserPlan,
  };
}
export type CampaignService = ReturnType<typeof createCampaignService>;
