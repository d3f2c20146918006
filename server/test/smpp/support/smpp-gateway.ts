import type { SmppConfigInput } from '@jiema/shared';
import { expect } from 'vitest';
import { ADMIN, authed, login, type TestApp } from '../../helpers';

/** Creates a gateway of kind smpp through the admin API and saves its bind to the given SMSC port. */
export async function createSmppGateway(t: TestApp, port: number, bind: Partial<SmppConfigInput> = {}) {
  const token = await login(t, ADMIN.username, ADMIN.password);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/gateways',
    headers: authed(token),
    payload: { kind: 'smpp', name: `SIM bank ${port}` },
  });
  expect(created.statusCode, created.body).toBe(200);
  const gatewayId: number = created.json().data.id;
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/gateways/${gatewayId}/smpp`,
    headers: authed(token),
    payload: {
      host: '127.0.0.1',
      port,
      systemId: 'jiema',
      password: 'secret',
      bindMode: 'receiver',
      enquireLinkSeconds: 30,
      ...bind,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { gatewayId, token };
}
