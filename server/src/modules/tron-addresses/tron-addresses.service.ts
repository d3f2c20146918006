import type { TronAddressInput, TronAddressQuery } from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { isValidTronAddress } from '../../lib/tron-address';
import { type Actor, audit } from '../audit/audit';
import {
  deleteTronAddress,
  findTronAddressById,
  insertTronAddress,
  listAllTronAddresses,
  listTronAddresses,
  lockTronAddress,
  setTronAddressEnabled,
  tronAddressExists,
  updateTronAddress,
} from './tron-addresses.repository';

export type TronAddressService = ReturnType<typeof createTronAddressService>;

const ENTITY = 'tron_address';

/** The shape was checked by the shared schema; the checksum needs SHA-256, checked here. */
function assertValidAddress(address: string) {
  if (!isValidTronAddress(address)) throw new AppError('TRON_ADDRESS_INVALID');
}

/** Two administrators adding the same address at once: the unique index decides. */
function rethrowDuplicate(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw new AppError('TRON_ADDRESS_TAKEN');
  throw error;
}

export function createTronAddressService({ db }: { db: Db }) {
  return {
    async list(query: TronAddressQuery) {
      const { list, total } = await listTronAddresses(db, query);
      return paged(list, total, query);
    },

    exportAll: (query: Omit<TronAddressQuery, 'page' | 'pageSize'>) => listAllTronAddresses(db, query),

    async create(actor: Actor, input: TronAddressInput) {
      assertValidAddress(input.address);
      if (await tronAddressExists(db, input.address)) throw new AppError('TRON_ADDRESS_TAKEN');
      return db
        .transaction(async (tx) => {
          const id = await insertTronAddress(tx, input);
          const created = (await findTronAddressById(tx, id))!;
          await audit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: created });
          return created;
        })
        .catch(rethrowDuplicate);
    },

    /** An address already given to a user keeps its address (deposits may be on the way to it). */
    async update(actor: Actor, id: number, input: TronAddressInput) {
      assertValidAddress(input.address);
      return db
        .transaction(async (tx) => {
          const before = await lockTronAddress(tx, id);
          if (!before) throw new AppError('TRON_ADDRESS_NOT_FOUND');
          if (before.assignedUserId !== null && (before.address !== input.address || input.shared))
            throw new AppError('TRON_ADDRESS_ASSIGNED');
          if (await tronAddressExists(tx, input.address, id)) throw new AppError('TRON_ADDRESS_TAKEN');
          await updateTronAddress(tx, id, input);
          const after = (await findTronAddressById(tx, id))!;
          await audit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after });
          return after;
        })
        .catch(rethrowDuplicate);
    },

    async setEnabled(actor: Actor, id: number, enabled: boolean) {
      return db.transaction(async (tx) => {
        const before = await lockTronAddress(tx, id);
        if (!before) throw new AppError('TRON_ADDRESS_NOT_FOUND');
        await setTronAddressEnabled(tx, id, enabled);
        const after = (await findTronAddressById(tx, id))!;
        await audit(tx, actor, {
          action: enabled ? 'enable' : 'disable',
          entity: ENTITY,
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },

    /** Only an address never given to a user can go; an assigned one can be disabled instead. */
    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await lockTronAddress(tx, id);
        if (!before) throw new AppError('TRON_ADDRESS_NOT_FOUND');
        if (before.assignedUserId !== null) throw new AppError('TRON_ADDRESS_ASSIGNED');
        await deleteTronAddress(tx, id);
        await audit(tx, actor, { action: 'delete', entity: ENTITY, entityId: id, before });
      });
    },
  };
}
