/** Query keys of the group link screen; every change invalidates `RENTAL_GROUPS_KEY`. */
export const RENTAL_GROUPS_KEY = ['rental-groups'] as const;
export const rentalGroupsKey = (...parts: unknown[]) => [...RENTAL_GROUPS_KEY, ...parts] as const;
