import { ACCOUNT_AND_ADMIN_ZH_CN } from './operations-zh-cn-admin';
import { STORE_AND_DELIVERY_ZH_CN } from './operations-zh-cn-store';

/**
 * The Chinese summaries and descriptions of the API, keyed `METHOD /path` as the OpenAPI document
 * writes paths, in two halves by area. The English ones are in the route schemas;
 * test/platform/openapi.test.ts fails on an operation missing here and on a key no route has.
 */
export const OPERATIONS_ZH_CN: Record<string, { summary: string; description?: string }> = {
  ...ACCOUNT_AND_ADMIN_ZH_CN,
  ...STORE_AND_DELIVERY_ZH_CN,
};
