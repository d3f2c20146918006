import { createRequire } from 'node:module';
import type { AddressInfo, Server, Socket } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { callApi } from './support/api';
import { logIn, settle } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken } from './support/sms-center';

/** The SMSC of this test: npm `smpp`'s own server, speaking real SMPP over TCP, accepting one login. */
type SmppSession = {
  on(
    event: string,
    listener: (pdu: { system_id?: string; password?: string; response(o?: object): unknown }) => void,
  ): void;
  send(pdu: unknown): void;
};
const smpp = createRequire(import.meta.url)('smpp') as {
  createServer(options: object, listener: (session: SmppSession) => void): Server;
};

let browser: Browser;
let smsc: Server;
let gatewayId: number;
const bindsSeen: string[] = [];
const sockets = new Set<Socket>();

beforeAll(async () => {
  browser = await launchBrowser();
  smsc = smpp.createServer({}, (session) => {
    session.on('error', () => undefined);
    for (const command of ['bind_receiver', 'bind_transceiver']) {
      session.on(command, (pdu) => {
        bindsSeen.push(command);
        const ok = pdu.system_id === 'simbank' && pdu.password === 'pw123';
        session.send(pdu.response(ok ? {} : { command_status: 0x0e }));
      });
    }
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu) => session.send(pdu.response()));
  });
  smsc.on('connection', (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => smsc.listen(0, '127.0.0.1', resolve));
  const token = await adminToken();
  const created = await callApi<{ id: number }>(baseUrl(), '/api/admin/gateways', {
    method: 'POST',
    token,
    body: { kind: 'smpp', name: 'GoIP SIM bank' },
  });
  expect(created.status).toBe(200);
  gatewayId = created.body.data.id;
});
afterAll(async () => {
  await browser?.close();
  if (gatewayId) {
    const token = await adminToken();
    await callApi(baseUrl(), `/api/admin/gateways/${gatewayId}/smpp/stop`, { method: 'POST', token });
  }
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => smsc?.close(resolve));
});

describe('SMPP gateway on the gateway screen', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: settings saved, started, and the live state shows the bind`, async () => {
      const context = await newAppContext(browser, locale);
      const page = await context.newPage();
      try {
        await logIn(page, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
        await page.goto('/dashboard/admin/gateways');
        await page.getByTestId(`gateway-smpp-${gatewayId}`).click();
        const form = page.getByTestId('smpp-form');
        await form.waitFor();
        if (locale === 'zh-CN') {
          await page.getByTestId('smpp-host').fill('127.0.0.1');
          await page.getByTestId('smpp-port').fill(String((smsc.address() as AddressInfo).port));
          await page.getByTestId('smpp-system-id').fill('simbank');
          await page.getByTestId('smpp-password').fill('pw123');
          await page.getByTestId('smpp-save').click();
          await page.getByText('SMPP 设置已保存').waitFor();
          // A new gateway is enabled: saved settings bind at once. Stop, then start again.
          await page.getByTestId('smpp-stop').click();
          await page.getByTestId('smpp-status').filter({ hasText: '已停止' }).waitFor({ timeout: 20_000 });
          await page.getByTestId('smpp-start').click();
        }
        const bound = locale === 'zh-CN' ? '已绑定' : 'Bound';
        await page.getByTestId('smpp-status').filter({ hasText: bound }).waitFor({ timeout: 20_000 });
        expect(bindsSeen).toContain('bind_receiver');
        await settle(page);
        await saveScreenshot(page, locale, 'smpp-gateway-bound');
        await page.setViewportSize({ width: 390, height: 844 });
        await settle(page);
        await saveScreenshot(page, locale, 'smpp-gateway-phone');
        const widest = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .map((e) => ({ e, right: e.getBoundingClientRect().right }))
            .filter((x) => x.right > 390)
            .slice(0, 5)
            .map((x) => `${x.e.tagName}.${String(x.e.className).slice(0, 60)} ${Math.round(x.right)}`),
        );
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          widest.join('; '),
        ).toBeLessThanOrEqual(390);
      } finally {
        await context.close();
      }
    });
  }
});
