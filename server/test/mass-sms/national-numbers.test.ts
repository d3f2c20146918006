import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { balanceOf, confirm, confirmOk, ledgerSum, previewOk, sender } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MASS_SMS_WORKER: 'off' });
});
afterAll(() => t.close());

const preview = (headers: Record<string, string>, body: Record<string, unknown>) =>
  previewOk(t, headers, body);

describe('recipients typed as national numbers', () => {
  it('reads them in the chosen country with its trunk prefix removed, as the stock batch add does', async () => {
    const s = await sender(t);
    const data = await preview(s.headers, {
      recipientsText: '8 999 123-45-67\n89991234568\n+7 (999) 123-45-69\n00 7 999 123 45 70',
      defaultCountryCode: '7',
      content: 'Hello',
    });
    expect(data.numbers).toEqual(['+79991234567', '+79991234568', '+79991234569', '+79991234570']);
    expect(data.invalid).toEqual([]);
    const china = await preview(s.headers, {
      recipientsText: '013800138000\n138 0013 8001',
      defaultCountryCode: '86',
      content: 'Hello',
    });
    expect(china.numbers).toEqual(['+8613800138000', '+8613800138001']);
  });

  it('gives each refusal its own reason: no country chosen, not a number, too long, outside the plan, fixed line', async () => {
    const s = await sender(t);
    const none = await preview(s.headers, { recipientsText: '89991234567\nhello', content: 'x' });
    expect(none.invalid).toEqual([
      { line: 1, input: '89991234567', reason: 'country' },
      { line: 2, input: 'hello', reason: 'notANumber' },
    ]);
    const russia = await preview(s.headers, {
      recipientsText: '+799912345678901234\n+70001234567\n+74951234567\n+79991234567',
      defaultCountryCode: '7',
      content: 'x',
    });
    expect(russia.invalid.map((r: { reason: string }) => r.reason)).toEqual([
      'tooLong',
      'invalid',
      'notMobile',
    ]);
    expect(russia.numbers).toEqual(['+79991234567']);
  });

  it('en-US preview and confirm: invalid lines refuse the send unless skipInvalid; then only the valid ones are queued and billed', async () => {
    const s = await sender(t, '1');
    const body = { recipientsText: '+79991234567\nnot a number\n+79991234568\n+79991234567', content: 'x' };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/mass-sms/campaigns',
      headers: { ...s.headers, 'accept-language': 'en-US' },
      payload: { requestKey: randomUUID(), ...body },
    });
    expect(expectErrorEnvelope(refused, 400, 400).message).toMatch(/1/);
    expect(await t.db.query('select 1 from sms_campaigns where user_id = $1', [s.userId])).toHaveLength(0);

    const campaign = await confirmOk(t, s.headers, { ...body, skipInvalid: true });
    expect(campaign.total).toBe(2);
    const queued = await t.db.query<{ phone: string }>(
      'select phone from sms_outbound where campaign_id = $1 order by phone',
      [campaign.id],
    );
    expect(queued.map((r) => r.phone)).toEqual(['+79991234567', '+79991234568']);
    expect(await ledgerSum(t.db, s.userId)).toBe(await balanceOf(t.db, s.userId));

    const empty = await confirm(t, s.headers, {
      recipientsText: 'nothing here',
      content: 'x',
      skipInvalid: true,
    });
    expectErrorEnvelope(empty, 400, 400);
  });
});
