import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ADMIN, login, type TestApp } from '../helpers';
import { as, dataOf } from '../store/store-helpers';

export type CreatedGateway = { id: number; secret: string; webhookPath: string };

export async function adminCall(t: TestApp) {
  return as(t, await login(t, ADMIN.username, ADMIN.password));
}

/** Adds a gateway through the admin API, as an operator does; returns its id and the secret shown once. */
export async function createGateway(
  admin: ReturnType<typeof as>,
  kind: string,
  config: Record<string, unknown> = {},
): Promise<CreatedGateway> {
  return dataOf<CreatedGateway>(
    await admin({
      method: 'POST',
      url: '/api/admin/gateways',
      payload: { kind, name: `${kind} gw`, config },
    }),
  );
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** A request signed as SMS Gateway for Android signs it (and our generic kind): HMAC(secret, body + timestamp). */
export function postSigned(
  t: TestApp,
  gw: CreatedGateway,
  body: unknown,
  options: { timestamp?: number; secret?: string; raw?: string } = {},
): Promise<LightMyRequestResponse> {
  const raw = options.raw ?? JSON.stringify(body);
  const ts = String(options.timestamp ?? nowSeconds());
  return t.app.inject({
    method: 'POST',
    url: gw.webhookPath,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': ts,
      'x-signature': hmac(options.secret ?? gw.secret, raw + ts),
    },
    payload: raw,
  });
}

export async function smsRows(t: TestApp, where = 'true', values: unknown[] = []) {
  return t.db.query<{
    id: number;
    rental_id: number | null;
    phone_number: string;
    sender: string;
    text: string;
    code: string | null;
    source: string;
    external_id: string | null;
    gateway_id: number | null;
    voice: boolean;
  }>(
    `select id, rental_id, phone_number, sender, text, code, source, external_id, gateway_id, voice
      from sms_messages where ${where} order by id`,
    values,
  );
}

/** Every refusal counted for the gateway, oldest first: a row counts its reason's refusals of one minute (`repeats`). */
export async function rejectionsOf(t: TestApp, gatewayId: number) {
  return t.db.query<{ reason: string }>(
    `select r.reason from gateway_rejections r, generate_series(1, r.repeats) as n
      where r.gateway_id = $1 order by r.id, n`,
    [gatewayId],
  );
}

export function expectRejected(res: LightMyRequestResponse, status: number, error: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code: status, data: null, error });
}
