import { z } from 'zod';
import { ZPageQuery } from '../pagination';
import { RENTAL_STATUSES } from './rentals';
import { ZRentalIdList } from './transfers';

/**
 * API merge (batch binding): a group link is one secret token that returns the codes of a chosen
 * set of the user's rentals through the public code link (a reseller's "one link per client").
 */

const MAX_ID = 2_147_483_647;
export const RENTAL_GROUP_NAME_MAX_LENGTH = 64;
/** The most group links one user keeps. */
export const RENTAL_GROUPS_PER_USER = 500;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZRentalGroupParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });

const ZGroupName = z
  .string({ error: 'validation.rentalGroupNameLength' })
  .trim()
  .min(1, 'validation.rentalGroupNameLength')
  .max(RENTAL_GROUP_NAME_MAX_LENGTH, 'validation.rentalGroupNameLength');

export const ZRentalGroupInput = z.object({ name: ZGroupName, rentalIds: ZRentalIdList });
export type RentalGroupInput = z.infer<typeof ZRentalGroupInput>;

/** An edit: a new name, a new member list (the whole set: added and removed at once), or both. */
export const ZRentalGroupUpdate = z.object({
  name: ZGroupName.optional(),
  rentalIds: ZRentalIdList.optional(),
});
export type RentalGroupUpdate = z.infer<typeof ZRentalGroupUpdate>;

export const ZRentalGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret of the group's code link, `/api/code/<token>`. */
  token: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RentalGroup = z.infer<typeof ZRentalGroup>;

export const ZRentalGroupMember = z.object({
  rentalId: z.number().int(),
  phoneNumber: z.string(),
  applicationCode: z.string(),
  applicationNameZh: z.string(),
  applicationNameEn: z.string(),
  countryCode: z.string(),
  countryFlag: z.string(),
  status: z.enum(RENTAL_STATUSES),
  expiresAt: z.string(),
  latestCode: z.string().nullable(),
  latestCodeAt: z.string().nullable(),
});
export type RentalGroupMember = z.infer<typeof ZRentalGroupMember>;

export const ZRentalGroupDetail = ZRentalGroup.extend({ members: z.array(ZRentalGroupMember) });
export type RentalGroupDetail = z.infer<typeof ZRentalGroupDetail>;

export const ZRentalGroupListQuery = ZPageQuery.extend({
  /** A group name (or a part of one). */
  keyword: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.rentalGroupNameLength').optional(),
  ),
});
export type RentalGroupListQuery = z.infer<typeof ZRentalGroupListQuery>;
