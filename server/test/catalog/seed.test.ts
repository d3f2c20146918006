import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedCatalog } from '../../src/db/seed-data/seed-catalog';
import { createTestApp, type TestApp } from '../helpers';
import { asAdmin, data } from './catalog-helpers';

let t: TestApp;
let admin: ReturnType<typeof asAdmin>;
beforeAll(async () => {
  t = await createTestApp();
  admin = asAdmin(t);
});
afterAll(() => t?.close());

type Page<T> = { list: T[]; total: number };
type Country = {
  code: string;
  dialCode: string;
  nameZh: string;
  nameEn: string;
  flag: string;
  smsActivateId: number | null;
  fivesimSlug: string | null;
  enabled: boolean;
  operatorCount: number;
};

describe('catalog seed', () => {
  test('every ISO 3166-1 country, with dial code, names and flag', async () => {
    const page = data<Page<Country>>(
      await admin({ method: 'GET', url: '/api/admin/countries?pageSize=500' }),
    );
    expect(page.total).toBeGreaterThanOrEqual(249);
    for (const c of page.list) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
      expect(c.nameZh.length).toBeGreaterThan(0);
      expect(c.nameEn.length).toBeGreaterThan(0);
      expect([...c.flag]).toHaveLength(2);
      expect(c.operatorCount).toBeGreaterThanOrEqual(1);
    }
  });

  test.each([
    ['RU', 0, 'russia', '+7', '俄罗斯'],
    ['UA', 1, 'ukraine', '+380', '乌克兰'],
    ['US', 187, 'usa', '+1', '美国'],
    ['GB', 16, 'england', '+44', '英国'],
    ['ID', 6, 'indonesia', '+62', '印度尼西亚'],
    ['CD', 18, null, '+243', '刚果（金）'],
    ['BT', 158, 'bhutane', '+975', '不丹'],
  ])('%s has sms-activate id %s and 5sim slug %s', async (code, saId, slug, dial, zh) => {
    const page = data<Page<Country>>(
      await admin({ method: 'GET', url: `/api/admin/countries?keyword=${code}` }),
    );
    const country = page.list.find((c) => c.code === code)!;
    expect(country).toMatchObject({
      smsActivateId: saId,
      fivesimSlug: slug,
      dialCode: dial,
      nameZh: zh,
      enabled: true,
    });
  });

  test('countries no trader sells numbers for start disabled', async () => {
    const page = data<Page<Country>>(await admin({ method: 'GET', url: '/api/admin/countries?keyword=AQ' }));
    expect(page.list.find((c) => c.code === 'AQ')).toMatchObject({
      dialCode: '+672',
      nameZh: '南极洲',
      enabled: false,
    });
  });

  test('every country has an "any" operator; known carriers and 5sim pools are there', async () => {
    const [missing] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from countries c where not exists
         (select 1 from operators o where o.country_code = c.code and o.code = 'any')`,
    );
    expect(missing?.n).toBe(0);
    const ru = data<Page<{ code: string; fivesimSlug: string | null }>>(
      await admin({ method: 'GET', url: '/api/admin/operators?countryCode=RU&pageSize=100' }),
    );
    expect(ru.list.map((o) => o.code)).toEqual(
      expect.arrayContaining(['any', 'megafon', 'mts', 'beeline', 'tele2', 'virtual2']),
    );
    expect(ru.list[0]?.code).toBe('any');
    expect(ru.list.find((o) => o.code === 'rostelecom')?.fivesimSlug).toBeNull();
    expect(ru.list.find((o) => o.code === 'megafon')?.fivesimSlug).toBe('megafon');
  });

  test('at least 100 applications from the top of the 2025 list, "full" rent left out', async () => {
    const page = data<
      Page<{
        code: string;
        nameZh: string;
        fivesimProduct: string | null;
        codePattern: string;
        senderPattern: string;
      }>
    >(await admin({ method: 'GET', url: '/api/admin/applications?pageSize=500' }));
    expect(page.total).toBeGreaterThanOrEqual(100);
    const byCode = new Map(page.list.map((a) => [a.code, a]));
    expect(byCode.has('full')).toBe(false);
    expect(byCode.get('tg')).toMatchObject({ fivesimProduct: 'telegram', senderPattern: 'Telegram' });
    expect(byCode.get('wa')).toMatchObject({ codePattern: '(\\d{3}-\\d{3})' });
    expect(byCode.get('go')?.nameZh).toBe('谷歌');
    expect(byCode.get('fb')?.nameZh).toBe('脸书');
    expect(byCode.get('wb')?.nameZh).toBe('微信');
    expect(page.list[0]?.code).toBe('go');
  });

  test('validity options and default prices are on sale', async () => {
    const options = data<Page<{ kind: string; minutes: number; ruleCount: number }>>(
      await admin({ method: 'GET', url: '/api/admin/validity-options' }),
    );
    expect(options.list.map((o) => [o.kind, o.minutes])).toEqual([
      ['activation', 20],
      ['rental', 1440],
      ['rental', 10080],
      ['rental', 43200],
    ]);
    const defaults = data<Page<{ cardType: string; price: string; validityMinutes: number }>>(
      await admin({
        method: 'GET',
        url: '/api/admin/price-rules?applicationId=any&countryCode=any&operatorId=any&pageSize=100',
      }),
    );
    expect(defaults.total).toBe(8);
    expect(defaults.list.find((r) => r.validityMinutes === 20 && r.cardType === 'new')?.price).toBe(
      '0.100000',
    );
    expect(defaults.list.find((r) => r.validityMinutes === 20 && r.cardType === 'used')?.price).toBe(
      '0.050000',
    );
  });

  test('runs once: a second run changes nothing', async () => {
    await t.db.query(`update countries set name_en = 'Renamed' where code = 'FR'`);
    expect(await seedCatalog(t.db)).toBe(false);
    const [fr] = await t.db.query<{ name_en: string }>(`select name_en from countries where code = 'FR'`);
    expect(fr?.name_en).toBe('Renamed');
  });
});
