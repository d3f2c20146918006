import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken, buyGbNumber, fundUser, rentableNumbers, userIdOf } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/** The words each page shows, written out so a changed or missing translation fails the test. */
const WORDS: Record<
  Locale,
  {
    revenueToday: string;
    stock: string;
    gateways: string;
    report: string;
    login: string;
    registration: string;
    codesToday: string;
    quickBuy: string;
    topSpenders: string;
    suspicious: string;
  }
> = {
  'zh-CN': {
    revenueToday: '今日销售额',
    stock: '各国库存',
    gateways: '网关状态',
    report: '验证码成功率',
    login: '最活跃用户前 10',
    registration: '注册来源',
    codesToday: '今日验证码',
    quickBuy: '快速购买',
    topSpenders: '消费用户前 20',
    suspicious: '可疑行为',
  },
  'en-US': {
    revenueToday: 'Revenue today',
    stock: 'Stock by country',
    gateways: 'Gateway health',
    report: 'Code success rate',
    login: 'Top 10 most active users',
    registration: 'Sign-up source',
    codesToday: 'Codes today',
    quickBuy: 'Quick buy',
    topSpenders: 'Top 20 users by spend',
    suspicious: 'Suspicious patterns',
  },
};

const admin = { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword };

/** A customer who bought a Telegram activation today and received its code through the test-SMS tool. */
async function customerWithCode() {
  const token = await adminToken();
  const appId = await rentableNumbers(token, 'GB', 1);
  const account = newAccount('rep');
  await registerCustomer(baseUrl(), account);
  await fundUser(token, await userIdOf(token, account.username), '20');
  const login = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
    method: 'POST',
    body: { username: account.username, password: account.password, captchaCode: 'off' },
  });
  const options = await callApi<{ id: number; kind: string }[]>(baseUrl(), '/api/catalog/validity-options', {
    token: login.body.data.token,
  });
  const activation = options.body.data.find((o) => o.kind === 'activation')!;
  const order = await buyGbNumber(login.body.data.token, appId, activation.id);
  const sms = await callApi(baseUrl(), '/api/admin/test-sms', {
    method: 'POST',
    token,
    body: {
      number: order.phones[0]!.phoneNumber,
      sender: 'Telegram',
      text: 'Telegram code: 52817',
    },
  });
  if (sms.status !== 200) throw new Error(`test SMS failed: ${sms.status} ${sms.body.message}`);
  return account;
}

/** Every uncaught error of a page, to fail the test that caused it. */
function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** Waits until every chart of the page has drawn (ECharts is loaded lazily). */
async function chartsDrawn(page: Page, count: number) {
  await expect
    .poll(() => page.locator('[data-chart-ready="true"]').count(), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(count);
  // Canvas drawn with something on it: not blank.
  const drawn = await page.locator('[data-chart-ready="true"] canvas').count();
  expect(drawn).toBeGreaterThanOrEqual(count);
}

async function fitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, page.url()).toBeLessThanOrEqual(390);
}

let browser: Browser;
let customer: { username: string; password: string };
beforeAll(async () => {
  browser = await launchBrowser();
  customer = await customerWithCode();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('reports and the overview (%s)', (locale) => {
  const words = WORDS[locale];
  let context: BrowserContext;
  let page: Page;
  let errors: Error[];
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    page = await context.newPage();
    errors = collectPageErrors(page);
    await logIn(page, admin, '/dashboard');
  });
  afterAll(async () => {
    await context?.close();
  });

  it("the administrator's overview shows today's business, the stock and the gateways", async () => {
    const section = page.getByTestId('admin-overview');
    await expect.poll(() => section.textContent()).toContain(words.revenueToday);
    const text = (await section.textContent()) ?? '';
    expect(text).toContain(words.stock);
    expect(text).toContain(words.gateways);
    expect(text).toContain('GB');
    expect(await page.getByTestId('overview-quick-buy').textContent()).toContain(words.quickBuy);
    await settle(page);
    await saveScreenshot(page, locale, 'overview-admin');
    expect(errors).toEqual([]);
  });

  it('the statistics report draws its charts, lists success rates and exports CSV', async () => {
    await page.goto('/dashboard/statistics-report');
    await chartsDrawn(page, 2);
    const orders = Number(await page.getByTestId('figure-orders').textContent());
    expect(orders).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('statistics-report').textContent()).toContain(words.report);
    expect(await page.getByTestId('rates-application').textContent()).toContain('Telegram');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('statistics-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    await settle(page);
    await saveScreenshot(page, locale, 'statistics-report');
    // Another period through the quick choices: the URL keeps it.
    await page.getByTestId('report-preset').click();
    await page.locator('.ant-select-item-option').first().click();
    const from = new Date(Date.now() - 6 * 86_400_000);
    const expected = `${from.getFullYear()}-${String(from.getMonth() + 1).padStart(2, '0')}-${String(from.getDate()).padStart(2, '0')}`;
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(expected);
    await chartsDrawn(page, 2);
    expect(errors).toEqual([]);
  });

  it('the login analysis shows logins per day, locations, the most active users and suspicious patterns', async () => {
    await page.goto('/dashboard/admin/login-analysis');
    await chartsDrawn(page, 1);
    await expect.poll(() => page.getByTestId('active-users').textContent()).toContain(admin.username);
    const text = (await page.getByTestId('login-analysis').textContent()) ?? '';
    expect(text).toContain(words.login);
    expect(text).toContain(words.suspicious);
    expect(Number(await page.getByTestId('figure-success').textContent())).toBeGreaterThanOrEqual(2);
    await settle(page);
    await saveScreenshot(page, locale, 'login-analysis');
    expect(errors).toEqual([]);
  });

  it('the registration analysis shows sign-ups by day and source and the top spenders', async () => {
    await page.goto('/dashboard/admin/registration-analysis');
    await chartsDrawn(page, 2);
    await expect.poll(() => page.getByTestId('top-spenders').textContent()).toContain(customer.username);
    const text = (await page.getByTestId('registration-analysis').textContent()) ?? '';
    expect(text).toContain(words.registration);
    expect(text).toContain(words.topSpenders);
    await settle(page);
    await saveScreenshot(page, locale, 'registration-analysis');
    expect(errors).toEqual([]);
  });

  it('every page fits a 390 px phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name, charts] of [
      ['/dashboard', 'overview-admin-phone-390', 0],
      ['/dashboard/statistics-report', 'statistics-report-phone-390', 2],
      ['/dashboard/admin/login-analysis', 'login-analysis-phone-390', 1],
      ['/dashboard/admin/registration-analysis', 'registration-analysis-phone-390', 2],
    ] as const) {
      await page.goto(path);
      if (charts) await chartsDrawn(page, charts);
      else await expect.poll(() => page.getByTestId('admin-overview').count(), { timeout: 15_000 }).toBe(1);
      await settle(page);
      await fitsPhone(page);
      await saveScreenshot(page, locale, name);
    }
    expect(errors).toEqual([]);
  });

  it("a customer's overview shows their rentals and today's code, and no business figures", async () => {
    const own = await newAppContext(browser, locale, { width: 390 });
    const customerPage = await own.newPage();
    const customerErrors = collectPageErrors(customerPage);
    try {
      await logIn(customerPage, customer, '/dashboard');
      await expect
        .poll(() => customerPage.getByTestId('overview-recent-codes').textContent())
        .toContain('52817');
      expect(await customerPage.getByTestId('overview-codes-today').textContent()).toContain('1');
      expect(await customerPage.getByTestId('overview-active-rentals').textContent()).toContain('1');
      expect(await customerPage.locator('body').textContent()).toContain(words.codesToday);
      expect(await customerPage.getByTestId('admin-overview').count()).toBe(0);
      await settle(customerPage);
      await fitsPhone(customerPage);
      await saveScreenshot(customerPage, locale, 'overview-customer-phone-390');
      // The reports are not theirs: the route guard keeps them out.
      await customerPage.goto('/dashboard/statistics-report');
      await expect.poll(() => customerPage.getByTestId('statistics-report').count()).toBe(0);
      expect(customerErrors).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
