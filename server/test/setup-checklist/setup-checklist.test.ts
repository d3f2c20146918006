import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asAdmin, data } from '../catalog/catalog-helpers';
import { authed, createTestApp, expectErrorEnvelope, loginAs, type TestApp } from '../helpers';

type Checklist = {
  steps: { step: string; done: boolean }[];
  firstSale: boolean;
  numbersInDisabledCountries: number;
};

let t: TestApp;
let admin: ReturnType<typeof asAdmin>;
beforeAll(async () => {
  t = await createTestApp();
  admin = asAdmin(t);
});
afterAll(() => t?.close());

const checklist = async () =>
  data<Checklist>(await admin({ method: 'GET', url: '/api/admin/setup-checklist' }));
const stepDone = (c: Checklist, step: string) => c.steps.find((s) => s.step === step)?.done;

describe('the first-sale checklist', () => {
  test('a customer may not read it', async () => {
    const customer = await loginAs(t, 2);
    expectErrorEnvelope(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/setup-checklist',
        headers: authed(customer.token),
      }),
      403,
    );
  });

  test('each step follows the real state: stock only counts in enabled countries, a gateway once it received', async () => {
    const fresh = await checklist();
    expect(fresh.steps.map((s) => s.step)).toEqual([
      'country',
      'application',
      'price',
      'stock',
      'gateway',
      'depositPool',
    ]);
    expect(fresh.firstSale).toBe(false);
    expect(stepDone(fresh, 'stock')).toBe(false);
    expect(stepDone(fresh, 'gateway')).toBe(false);
    expect(stepDone(fresh, 'depositPool')).toBe(false);

    // A free number of a disabled country: in stock, yet not on sale.
    const [disabled] = await t.db.query<{ code: string; op: number }>(
      `select c.code, o.id as op from countries c join operators o on o.country_code = c.code
       where not c.enabled limit 1`,
    );
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix) values ('+999000111', $1, $2, '+999')`,
      [disabled!.code, disabled!.op],
    );
    const hidden = await checklist();
    expect(stepDone(hidden, 'stock')).toBe(false);
    expect(hidden.numbersInDisabledCountries).toBe(1);

    // Enabling the country (the one-click fix) puts it on sale.
    data(
      await admin({
        method: 'POST',
        url: '/api/admin/countries/batch-status',
        payload: { codes: [disabled!.code], enabled: true },
      }),
    );
    const onSale = await checklist();
    expect(stepDone(onSale, 'stock')).toBe(true);
    expect(onSale.numbersInDisabledCountries).toBe(0);
    const [audit] = await t.db.query<{ action: string }>(
      `select action from audit_logs where entity = 'country' and entity_id = $1 order by id desc limit 1`,
      [disabled!.code],
    );
    expect(audit).toMatchObject({ action: 'enable' });

    // A gateway counts once it is enabled and has received something.
    await t.db.query(`insert into gateways (kind, name, secret) values ('generic', 'g1', 'secret-1')`);
    expect(stepDone(await checklist(), 'gateway')).toBe(false);
    await t.db.query(`update gateways set last_seen_at = now() where name = 'g1'`);
    expect(stepDone(await checklist(), 'gateway')).toBe(true);

    await t.db.query(
      `insert into tron_addresses (address, label) values ('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', 'pool 1')`,
    );
    expect(stepDone(await checklist(), 'depositPool')).toBe(true);
  });
});
