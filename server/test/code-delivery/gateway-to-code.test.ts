import { createHmac, randomUUID } from 'node:crypto';
import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../helpers';
import { as, dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';
import { customerWithRentals, setSettings } from './code-helpers';

let t: TestApp;
let world: StoreWorld;

beforeAll(async () => {
  t = await createTestApp({ CODE_LINK_LIMIT_PER_MINUTE: '1000' });
  world = await storeWorld(t.db);
}, 30_000);
afterAll(() => t?.close());

/** Posts an SMS to a generic gateway exactly as a SIM-bank script does (signed body + timestamp). */
function postToGateway(
  gateway: { id: number; secret: string },
  sms: { to: string; from: string; text: string },
) {
  const body = JSON.stringify({ id: randomUUID(), ...sms });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', gateway.secret)
    .update(body + timestamp)
    .digest('hex');
  return t.app.inject({
    method: 'POST',
    url: `/api/inbound/${gateway.id}`,
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
    payload: body,
  });
}

test('an SMS posted to a gateway answers a waiting long-poll and queues the owner’s webhook', async () => {
  const admin = await loginAs(t, USER_TYPE.ADMIN);
  const gateway = dataOf<{ id: number; secret: string }>(
    await as(
      t,
      admin.token,
    )({ method: 'POST', url: '/api/admin/gateways', payload: { kind: 'generic', name: 'SIM bank' } }),
  );
  const { b, rentals } = await customerWithRentals(t, world);
  await setSettings(b, { answerFormat: 'code', webhookUrl: 'https://hooks.example.com/codes' });
  const [answer, posted] = await Promise.all([
    t.app.inject({ method: 'GET', url: `/api/code/${rentals[0]!.token}?wait=20` }),
    new Promise((r) => setTimeout(r, 300)).then(() =>
      postToGateway(gateway, {
        to: rentals[0]!.phoneNumber,
        from: world.appCode,
        text: 'Your code is 583920',
      }),
    ),
  ]);
  expect(posted.statusCode, posted.body).toBe(200);
  expect(answer.statusCode).toBe(200);
  expect(answer.body).toBe('583920');
  const [delivery] = await t.db.query<{ status: string; url: string }>(
    'select status, url from code_webhook_deliveries where user_id = $1',
    [b.userId],
  );
  expect(delivery).toEqual({ status: 'pending', url: 'https://hooks.example.com/codes' });
}, 40_000);
