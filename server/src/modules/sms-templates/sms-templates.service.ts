import type { SmsTemplate, SmsTemplateInput, SmsTemplateQuery, SmsTemplateReviewQuery } from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  setTemplateVerdict,
  updateTemplate,
} from './sms-templates.repository';

export type SmsTemplateService = ReturnType<typeof createSmsTemplateService>;

const ENTITY = 'sms_template';

/**
 * The template a send may use: the owner's own, approved. Called by the send path inside its
 * transaction (row shared-locked, so a concurrent edit cannot slip between the check and the send).
 */
export async function approvedTemplateOf(q: Queryable, userId: number, id: number): Promise<SmsTemplate> {
  const rows = await q.query<{ id: number }>(
    'select id from sms_templates where id = $1 and user_id = $2 for share',
    [id, userId],
  );
  if (!rows[0]) throw new AppError('MASS_SMS_TEMPLATE_NOT_FOUND');
  const template = (await findTemplate(q, id))!;
  if (template.status !== 'approved') throw new AppError('MASS_SMS_TEMPLATE_NOT_APPROVED');
  return template;
}

/**
 * Templates: every user manages their own (someone else's is a 404, never revealed); reviewers
 * approve or reject pending ones with a reason. Every change is audit-logged in its transaction.
 */
export function createSmsTemplateService({ db }: { db: Db }) {
  async function ownLocked(tx: Queryable, actor: Actor, id: number) {
    const template = await findTemplate(tx, id, { ownerId: actor.id, lock: true });
    if (!template) throw new AppError('SMS_TEMPLATE_NOT_FOUND');
    return template;
  }

  async function review(
    actor: Actor,
    id: number,
    verdict: { status: 'approved' | 'rejected'; reason: string | null },
  ) {
    return db.transaction(async (tx) => {
      const before = await findTemplate(tx, id, { lock: true });
      if (!before) throw new AppError('SMS_TEMPLATE_NOT_FOUND');
      if (before.status !== 'pending') throw new AppError('SMS_TEMPLATE_NOT_PENDING');
      await setTemplateVerdict(tx, id, { ...verdict, reviewerId: actor.id });
      const after = (await findTemplate(tx, id))!;
      const action = verdict.status === 'approved' ? 'approve' : 'reject';
      await audit(tx, actor, { action, entity: ENTITY, entityId: id, before, after });
      return after;
    });
  }

  return {
    async listOwn(userId: number, query: SmsTemplateQuery) {
      const { list, total } = await listTemplates(db, userId, query);
      return paged(list, total, query);
    },

    async listAll(query: SmsTemplateReviewQuery) {
      const { list, total } = await listTemplates(db, null, query);
      return paged(list, total, query);
    },

    async getOwn(userId: number, id: number) {
      const template = await findTemplate(db, id, { ownerId: userId });
      if (!template) throw new AppError('SMS_TEMPLATE_NOT_FOUND');
      return template;
    },

    create(actor: Actor, input: SmsTemplateInput) {
      return db.transaction(async (tx) => {
        const id = await insertTemplate(tx, actor.id, input);
        const created = (await findTemplate(tx, id))!;
        await audit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: created });
        return created;
      });
    },

    update(actor: Actor, id: number, input: SmsTemplateInput) {
      return db.transaction(async (tx) => {
        const before = await ownLocked(tx, actor, id);
        await updateTemplate(tx, id, input);
        const after = (await findTemplate(tx, id))!;
        await audit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after });
        return after;
      });
    },

    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await ownLocked(tx, actor, id);
        await deleteTemplate(tx, id);
        await audit(tx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
      });
    },

    approve: (actor: Actor, id: number) => review(actor, id, { status: 'approved', reason: null }),
    reject: (actor: Actor, id: number, reason: string) => review(actor, id, { status: 'rejected', reason }),
  };
}
