import {
  RENTAL_GROUPS_PER_USER,
  type Rental,
  type RentalGroupDetail,
  type RentalGroupInput,
  type RentalGroupListQuery,
  type RentalGroupMember,
  type RentalGroupUpdate,
} from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { rentalsOfGroup } from '../rentals/rentals.repository';
import { newCodeToken } from '../store/store.service';
import { storeTransaction } from '../store/transaction';
import { rentalChoices } from '../transfers/transfers.repository';
import {
  countGroupsLocked,
  deleteGroup,
  findGroup,
  insertGroup,
  listGroups,
  lockGroup,
  ownedRentalIds,
  replaceMembers,
  updateGroup,
} from './rental-groups.repository';

export type RentalGroupsService = ReturnType<typeof createRentalGroupsService>;

const toMember = (r: Rental): RentalGroupMember => ({
  rentalId: r.id,
  phoneNumber: r.phoneNumber,
  applicationCode: r.applicationCode,
  applicationNameZh: r.applicationNameZh,
  applicationNameEn: r.applicationNameEn,
  countryCode: r.countryCode,
  countryFlag: r.countryFlag,
  status: r.status,
  expiresAt: r.expiresAt,
  latestCode: r.latestCode,
  latestCodeAt: r.latestCodeAt,
});

/** Another user's rental (or one that does not exist) is not the caller's to add: 404, as everywhere. */
async function mustOwnAll(tx: Queryable, userId: number, ids: readonly number[]) {
  const owned = await ownedRentalIds(tx, userId, ids);
  if (ids.some((id) => !owned.has(id))) throw new AppError('RENTAL_NOT_FOUND');
}

/**
 * API merge: group links of a user's rentals. A group's token answers on the public code link
 * (rentals.service code()); regenerating it or deleting the group kills the old link at once.
 */
export function createRentalGroupsService({ db }: { db: Db }) {
  const detail = async (q: Queryable, userId: number, id: number): Promise<RentalGroupDetail> => {
    const group = await findGroup(q, id, userId);
    if (!group) throw new AppError('RENTAL_GROUP_NOT_FOUND');
    const members = await rentalsOfGroup(q, id, userId);
    return { ...group, members: members.map(toMember) };
  };

  return {
    async list(userId: number, query: RentalGroupListQuery) {
      const { list, total } = await listGroups(db, userId, query);
      return paged(list, total, query);
    },

    get: (userId: number, id: number) => detail(db, userId, id),

    /** The caller's rentals that can join a group: those still holding their number. */
    choices: (userId: number, keyword: string | undefined) =>
      rentalChoices(db, userId, ['active', 'inactive', 'suspended'], keyword),

    create(userId: number, input: RentalGroupInput) {
      return storeTransaction(db, async (tx) => {
        // Rentals first, then the user's row: the order the sweep takes them (rentals, then balances).
        await mustOwnAll(tx, userId, input.rentalIds);
        const count = await countGroupsLocked(tx, userId);
        if (count >= RENTAL_GROUPS_PER_USER)
          throw new AppError('RENTAL_GROUP_LIMIT', { max: RENTAL_GROUPS_PER_USER });
        const id = await insertGroup(tx, { userId, name: input.name, token: newCodeToken() });
        await replaceMembers(tx, id, input.rentalIds);
        return detail(tx, userId, id);
      });
    },

    update(userId: number, id: number, input: RentalGroupUpdate) {
      return storeTransaction(db, async (tx) => {
        if (!(await lockGroup(tx, id, userId))) throw new AppError('RENTAL_GROUP_NOT_FOUND');
        if (input.rentalIds) {
          await mustOwnAll(tx, userId, input.rentalIds);
          await replaceMembers(tx, id, input.rentalIds);
        }
        await updateGroup(tx, id, { name: input.name });
        return detail(tx, userId, id);
      });
    },

    /** A new secret for the group link: whoever had the old link loses it. */
    regenerateToken(userId: number, id: number) {
      return storeTransaction(db, async (tx) => {
        if (!(await lockGroup(tx, id, userId))) throw new AppError('RENTAL_GROUP_NOT_FOUND');
        await updateGroup(tx, id, { token: newCodeToken() });
        return detail(tx, userId, id);
      });
    },

    /** Revokes the group link (the rentals themselves are untouched). */
    async remove(userId: number, id: number) {
      if (!(await deleteGroup(db, id, userId))) throw new AppError('RENTAL_GROUP_NOT_FOUND');
    },
  };
}
