import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, postLogin, type TestApp } from '../helpers';
import { dataOf } from '../store/store-helpers';
import { adminCall, type CreatedGateway, createGateway, rejectionsOf } from './inbound-helpers';

/**
 * A flood of refused requests must not grow the database by a row per request: unsigned webhook
 * calls are counted on one row per gateway, reason and minute, logins refused by the per-IP limit on
 * the IP's latest refused record of the minute. The counts stay exact.
 */
let t: TestApp;
let gw: CreatedGateway;
let admin: Awaited<ReturnType<typeof adminCall>>;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_LIMIT_PER_IP: '3' });
  admin = await adminCall(t);
  gw = await createGateway(admin, 'generic');
});
afterAll(() => t?.close());

const FLOOD = 600;

describe('a flood of refused requests', () => {
  test(`${FLOOD} unsigned webhook calls: a few rows, every call counted`, async () => {
    for (let i = 0; i < FLOOD; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          t.app.inject({
            method: 'POST',
            url: gw.webhookPath,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ to: '+15550001111', from: 'x', text: 'y' }),
          }),
        ),
      );
    }
    const [rows] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from gateway_rejections where gateway_id = $1',
      [gw.id],
    );
    // One reason, one row a minute (two if the flood straddled a minute).
    expect(rows!.n).toBeLessThanOrEqual(2);
    expect((await rejectionsOf(t, gw.id)).length).toBe(FLOOD);
    const gateway = dataOf<{ rejectedToday: number; lastRejection: { reason: string } | null }>(
      await admin({ method: 'GET', url: `/api/admin/gateways/${gw.id}` }),
    );
    expect(gateway.rejectedToday).toBe(FLOOD);
    expect(gateway.lastRejection?.reason).toMatch(/^INBOUND_/);
  }, 120_000);

  test('200 logins from one IP past its limit: a few login records, not 200', async () => {
    const ip = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await postLogin(t, `nobody${i}`, 'whatever1', {
        captcha: { captchaKey: 'x', captchaCode: 'x' },
        request: { remoteAddress: ip },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 429)).toHaveLength(197);
    const records = await t.db.query<{ reason: string; repeats: number }>(
      'select reason, repeats from login_records where ip = $1 order by id',
      [ip],
    );
    expect(records.length).toBeLessThanOrEqual(5);
    const refused = records.filter((r) => r.reason === 'rate_limited');
    expect(refused.reduce((sum, r) => sum + r.repeats, 0)).toBe(197);
  }, 120_000);
});
