import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ActivationReader } from './activation-reader';
import type { ApiKeyUsers, KeyUser } from './api-key-users';
import type { CompatOrders } from './compat-orders';
import type { RateLimiter } from './rate-limit';

/** What every compat action may use. */
export type CompatDeps = {
  db: Db;
  config: Config;
  orders: CompatOrders;
  keys: ApiKeyUsers;
  limiter: RateLimiter;
  activations: ActivationReader;
};

export type CompatCall<P> = { deps: CompatDeps; user: KeyUser; params: P };
