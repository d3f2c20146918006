import type { ContactInput, ContactQuery } from '@jiema/shared';
import { normalisePhoneNumber } from '@jiema/shared/phone-number';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { RequestValidationError } from '../../lib/request-validation';
import { type Actor, audit } from '../audit/audit';
import {
  deleteContact,
  findContactById,
  insertContact,
  listContacts,
  listEnabledContacts,
  setContactEnabled,
  updateContact,
} from './contacts.repository';

export type ContactService = ReturnType<typeof createContactService>;

const ENTITY = 'contact_channel';

/**
 * A phone or WhatsApp channel's number as every typed number is read (`@jiema/shared/phone-number`):
 * stored in E.164, refused under the value field when it is not a number of a real numbering plan.
 */
function withNumberNormalised(input: ContactInput): ContactInput {
  if (input.type !== 'phone' && input.type !== 'whatsapp') return input;
  const number = normalisePhoneNumber(input.value);
  if ('problem' in number) {
    throw new RequestValidationError(
      [{ code: 'custom', path: ['value'], message: 'validation.contactPhoneFormat', input: undefined }],
      'body',
    );
  }
  return { ...input, value: number.phone };
}

export function createContactService({ db }: { db: Db }) {
  return {
    async list(query: ContactQuery) {
      const { list, total } = await listContacts(db, query);
      return paged(list, total, query);
    },

    listPublic: () => listEnabledContacts(db),

    create(actor: Actor, input: ContactInput) {
      return db.transaction(async (tx) => {
        const id = await insertContact(tx, withNumberNormalised(input));
        const created = (await findContactById(tx, id))!;
        await audit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: created });
        return created;
      });
    },

    update(actor: Actor, id: number, input: ContactInput) {
      return db.transaction(async (tx) => {
        const before = await findContactById(tx, id, true);
        if (!before) throw new AppError('CONTACT_NOT_FOUND');
        await updateContact(tx, id, withNumberNormalised(input));
        const after = (await findContactById(tx, id))!;
        await audit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after });
        return after;
      });
    },

    setEnabled(actor: Actor, id: number, enabled: boolean) {
      return db.transaction(async (tx) => {
        const before = await findContactById(tx, id, true);
        if (!before) throw new AppError('CONTACT_NOT_FOUND');
        await setContactEnabled(tx, id, enabled);
        const after = (await findContactById(tx, id))!;
        const action = enabled ? 'enable' : 'disable';
        await audit(tx, actor, { action, entity: ENTITY, entityId: id, before, after });
        return after;
      });
    },

    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await findContactById(tx, id, true);
        if (!before) throw new AppError('CONTACT_NOT_FOUND');
        await deleteContact(tx, id);
        await audit(tx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
      });
    },
  };
}
