import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ADMIN, authed, login, type TestApp } from '../helpers';

/** A request as the seeded administrator, in a chosen language (zh-CN by default). */
export function asAdmin(t: TestApp) {
  let token: string | null = null;
  return async (options: InjectOptions & { locale?: 'zh-CN' | 'en-US' }): Promise<LightMyRequestResponse> => {
    token ??= await login(t, ADMIN.username, ADMIN.password);
    const { locale, headers, ...rest } = options;
    return t.app.inject({
      ...rest,
      headers: { ...authed(token), 'x-locale': locale ?? 'zh-CN', ...headers },
    });
  };
}

/** `data` of a successful answer. */
export function data<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/** Audit rows of an entity, newest first. */
export async function auditRows(t: TestApp, entity: string, entityId?: string | number) {
  return t.db.query<{
    action: string;
    entity_id: string;
    actor_name: string;
    before: unknown;
    after: unknown;
  }>(
    `select action, entity_id, actor_name, before, after from audit_logs
     where entity = $1 and ($2::text is null or entity_id = $2) order by id desc`,
    [entity, entityId === undefined ? null : String(entityId)],
  );
}
