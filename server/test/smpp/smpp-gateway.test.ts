import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUcs2 } from '../../src/modules/smpp/segments';
import { ADMIN, authed, createTestApp, expectErrorEnvelope, login, loginAs, type TestApp } from '../helpers';
import { addNumbers, buyer, dataOf, purchaseBody, type StoreWorld, storeWorld } from '../store/store-helpers';
import { FakeSmsc } from './support/fake-smsc';
import { createSmppGateway } from './support/smpp-gateway';
import { waitFor } from './support/wait';

let t: TestApp;
let smsc: FakeSmsc;
let world: StoreWorld;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ SMPP_POLL_SECONDS: '0.2' });
  smsc = await FakeSmsc.start();
  world = await storeWorld(t.db);
  adminToken = await login(t, ADMIN.username, ADMIN.password);
  t.app.smppConnectors.start();
});
afterAll(async () => {
  await t?.close(); // closing the app stops the connectors (unbind)
  await smsc?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...authed(adminToken), 'accept-language': lang } });

describe('SMPP gateway: settings, start/stop, live state, deliver_sm into the inbound path', () => {
  it('the bind settings are validated, in the user language, and change nothing when refused', async () => {
    const { gatewayId } = await createSmppGateway(t, smsc.port);
    await call('POST', `/api/admin/gateways/${gatewayId}/smpp/stop`);
    const bad = await call('PUT', `/api/admin/gateways/${gatewayId}/smpp`, {
      host: 'smsc.example.com',
      port: 70000,
      systemId: 'a-system-id-too-long',
      bindMode: 'receiver',
    });
    expect(expectErrorEnvelope(bad, 400).message).toMatch(/端口|system_id/);
    const badEn = await call(
      'PUT',
      `/api/admin/gateways/${gatewayId}/smpp`,
      { host: '', port: 2775, systemId: 'x' },
      'en-US',
    );
    expect(expectErrorEnvelope(badEn, 400).message).toMatch(/host/i);
    const view = dataOf<{ config: { host: string; port: number }; passwordSet: boolean }>(
      await call('GET', `/api/admin/gateways/${gatewayId}/smpp`),
    );
    expect(view.config).toMatchObject({ host: '127.0.0.1', port: smsc.port });
    expect(view.passwordSet).toBe(true);
    expect(JSON.stringify(view)).not.toContain('secret');
  });

  it('refuses a gateway of another kind, an unknown one, an unconfigured start, and a customer', async () => {
    const other = await call('POST', '/api/admin/gateways', { kind: 'generic', name: 'Webhook' });
    const otherId = other.json().data.id;
    expect(
      expectErrorEnvelope(await call('GET', `/api/admin/gateways/${otherId}/smpp`), 400).message,
    ).toContain('SMPP');
    expectErrorEnvelope(await call('POST', '/api/admin/gateways/999999/smpp/start'), 404);
    const bare = await call('POST', '/api/admin/gateways', { kind: 'smpp', name: 'Not yet set up' });
    const bareId = bare.json().data.id;
    expectErrorEnvelope(await call('POST', `/api/admin/gateways/${bareId}/smpp/start`), 409);
    const customer = await loginAs(t, USER_TYPE.CUSTOMER);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gateways/${bareId}/smpp/start`,
      headers: authed(customer.token),
    });
    expect(denied.statusCode).toBe(403);
  });

  it('started from the API it binds; deliver_sm to a rented number lands in sms_messages attributed to the rental', async () => {
    const fresh = await FakeSmsc.start();
    try {
      const { gatewayId } = await createSmppGateway(t, fresh.port);
      const started = dataOf<{ enabled: boolean }>(
        await call('POST', `/api/admin/gateways/${gatewayId}/smpp/start`),
      );
      expect(started.enabled).toBe(true);
      await fresh.waitForBind(5000);
      const live = await waitFor('bound in the live state', async () => {
        const view = dataOf<{ state: { status: string; holder: string; stale: boolean } }>(
          await call('GET', `/api/admin/gateways/${gatewayId}/smpp`),
        );
        return view.state.status === 'bound' ? view.state : null;
      });
      expect(live.stale).toBe(false);
      expect(fresh.binds[0]).toMatchObject({ command: 'bind_receiver', systemId: 'jiema', ok: true });

      await addNumbers(t.db, { count: 1 });
      const customer = await buyer(t);
      const order = dataOf<{ phones: { rentalId: number; phoneNumber: string }[] }>(
        await customer.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
      );
      const { rentalId, phoneNumber } = order.phones[0]!;
      const resp = await fresh.deliver({
        source_addr: 'Telegram',
        destination_addr: phoneNumber.replace('+', ''),
        data_coding: 8,
        short_message: encodeUcs2('Telegram code: 73915 🔐'),
      });
      expect(resp.command_status).toBe(0);
      const [sms] = await t.db.query<{
        rental_id: number;
        source: string;
        external_id: string;
        code: string;
        sender: string;
      }>('select rental_id, source, external_id, code, sender from sms_messages where gateway_id = $1', [
        gatewayId,
      ]);
      expect(sms).toMatchObject({
        rental_id: rentalId,
        source: `smpp:${gatewayId}`,
        code: '73915',
        sender: 'Telegram',
      });
      expect(sms!.external_id).toMatch(/^h:/);

      const stopped = await call('POST', `/api/admin/gateways/${gatewayId}/smpp/stop`);
      expect(stopped.statusCode).toBe(200);
      await waitFor('unbound', () => fresh.boundSessions.length === 0, 5000);
      const view = dataOf<{ enabled: boolean; state: { status: string } }>(
        await call('GET', `/api/admin/gateways/${gatewayId}/smpp`),
      );
      expect(view).toMatchObject({ enabled: false, state: { status: 'stopped' } });
    } finally {
      await fresh.close();
    }
  });
});
