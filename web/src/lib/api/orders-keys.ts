/** Query keys of the orders screens; a change invalidates `ORDERS_KEY` so every list refreshes. */
export const ORDERS_KEY = ['orders'] as const;
export const ordersKey = (...parts: unknown[]) => [...ORDERS_KEY, ...parts] as const;

/** Whose orders a screen shows: the caller's (`/api/orders`) or everyone's (`/api/admin/orders`). */
export type OrderScope = 'own' | 'admin';
export const ordersBase = (scope: OrderScope) => (scope === 'admin' ? '/api/admin/orders' : '/api/orders');
