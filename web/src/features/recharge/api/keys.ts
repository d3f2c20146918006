/** Query keys of the recharge screens; a new order or a cancel invalidates `RECHARGE_KEY`. */
export const RECHARGE_KEY = ['recharge'] as const;
export const DEPOSITS_ADMIN_KEY = ['deposits-admin'] as const;
