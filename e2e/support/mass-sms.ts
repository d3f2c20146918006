import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { newAccount } from './accounts';
import { callApi } from './api';
import { baseUrl } from './browser';

/** A second administrator (mass SMS is for administrators, spec §2) who writes and sends campaigns. */
export async function createSender(adminToken: string, prefix: string) {
  const account = newAccount(prefix);
  const { status, body } = await callApi<{ userId: number }>(baseUrl(), '/api/admin/users', {
    method: 'POST',
    token: adminToken,
    body: { username: account.username, email: account.email, password: account.password, userType: 1 },
  });
  if (status !== 200) throw new Error(`creating ${account.username} failed: ${status} ${body.message}`);
  return account;
}

/** Collects uncaught errors of a page: the journey fails if there is any. */
export function recordPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

export type FakeProvider = {
  url: string;
  token: string;
  received: { to: string; from: string; text: string; reference: string }[];
  /** Where delivery statuses are posted (the connector's webhook), set once the connector exists. */
  setStatusUrl(url: string): void;
  close(): Promise<void>;
};

/**
 * A fake SMS provider speaking the generic HTTP connector's protocol (shared/src/schemas/mass-sms.ts,
 * ZHttpConnectorConfig): `POST /send` with a bearer token answers `{ id }`, then reports the message
 * delivered to the connector's status webhook, as a real provider's callback would.
 */
export async function startFakeProvider(): Promise<FakeProvider> {
  const token = randomUUID();
  const received: FakeProvider['received'] = [];
  let statusUrl = '';
  let next = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/send' || req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
        return;
      }
      const message = JSON.parse(raw) as FakeProvider['received'][number];
      received.push(message);
      next += 1;
      const id = `fp-${next}`;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
      setTimeout(() => {
        if (!statusUrl) return;
        void fetch(statusUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ id, reference: message.reference, status: 'delivered' }),
        }).catch(() => undefined);
      }, 300);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    token,
    received,
    setStatusUrl: (url) => {
      statusUrl = url;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Logs in through the API (captcha off on the e2e server). */
export async function apiLogin(account: { username: string; password: string }): Promise<string> {
  const { status, body } = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
    method: 'POST',
    body: { username: account.username, password: account.password, captchaCode: 'off' },
  });
  if (status !== 200) throw new Error(`login failed: ${status} ${body.message}`);
  return body.data.token;
}

/** A template written by `token`'s user and approved by the administrator, through the API. */
export async function approvedTemplate(token: string, adminToken: string, name: string, content: string) {
  const created = await callApi<{ id: number }>(baseUrl(), '/api/sms/templates', {
    method: 'POST',
    token,
    body: { name, content },
  });
  if (created.status !== 200) throw new Error(`template: ${created.status} ${created.body.message}`);
  const approved = await callApi(baseUrl(), `/api/admin/sms/templates/${created.body.data.id}/approve`, {
    method: 'POST',
    token: adminToken,
  });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.body.message}`);
  return created.body.data.id;
}
