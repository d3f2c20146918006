import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { callApi } from './support/api';
import { logIn, skipRestOfJourneyAfterFailure } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { RESULTS_DIR, saveScreenshot } from './support/screenshots';
import { type RunningServer, startServer } from './support/server';
import { LOCALES, type Locale } from './support/texts';

const DEMO = { username: 'demo', password: 'demo-e2e-pass' };
/** Long enough to open API management before the simulated SMS arrives, short enough for a test. */
const DELAY_SECONDS = 20;
/** The machine the journeys run on may be busy: a first page load can take many seconds. */
const SLOW_MS = 60_000;
const JOURNEY_MS = 180_000;

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<Locale, { demo: string; banner: string; buy: string; app: string; code: RegExp }> = {
  'zh-CN': { demo: '演示', banner: '演示模式', buy: '立即购买', app: 'wa', code: /^\d{6}$/ },
  'en-US': { demo: 'Demo', banner: 'Demo mode', buy: 'Buy now', app: 'tg', code: /^\d{5}$/ },
};

async function drawn(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('.ant-table .ant-spin-spinning, .ant-skeleton-active'),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

let server: RunningServer;
let browser: Browser;
const logFile = path.join(RESULTS_DIR, 'demo-server.log');

beforeAll(async () => {
  server = await startServer(E2E_ADMIN, logFile, {
    DEMO: 'on',
    DEMO_PASSWORD: DEMO.password,
    DEMO_SMS_DELAY_SECONDS: String(DELAY_SECONDS),
  });
  browser = await launchBrowser();
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('the first start says who the demo customer is, like the administrator', () => {
  const log = fs.readFileSync(logFile, 'utf8');
  // JSON log lines: the quotes around the username are escaped.
  expect(log).toContain('DEMO=on: demo customer created: username \\"demo\\"');
});

describe.each(LOCALES)('the demo mode’s first code (%s)', (locale) => {
  const words = WORDS[locale];
  let context: BrowserContext;
  let page: Page;
  let appId: number;
  const pageErrors: Error[] = [];
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    const login = await callApi<{ token: string }>(server.baseUrl, '/auth/login', {
      method: 'POST',
      body: { username: DEMO.username, password: DEMO.password, captchaCode: 'off' },
    });
    expect(login.status, login.body.message).toBe(200);
    const apps = await callApi<{ id: number; code: string }[]>(server.baseUrl, '/api/catalog/applications', {
      token: login.body.data.token,
    });
    appId = apps.body.data.find((a) => a.code === words.app)!.id;
    context = await newAppContext(browser, locale, { baseURL: server.baseUrl });
    context.setDefaultTimeout(SLOW_MS);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    await logIn(page, DEMO);
  });
  afterAll(async () => {
    await context?.close();
    // Any uncaught error in the page fails the journey.
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });

  it(
    'the demo customer buys a demo number in the store, labelled demo',
    async () => {
      await page.goto(`/dashboard/api-store?app=${appId}&country=GB`);
      await page.getByTestId('store-demo-banner').getByText(words.banner).waitFor();
      const countries = page.getByTestId('store-countries');
      await countries.getByTestId('demo-tag').first().waitFor();
      expect(await countries.locator('tbody tr.ant-table-row').count()).toBe(2); // US and GB: demo stock only
      await page.getByTestId('store-order-form').waitFor();
      await expect.poll(() => page.getByTestId('store-total').textContent()).toMatch(/\d+\.\d{6}/);
      await drawn(page);
      await saveScreenshot(page, locale, 'demo-store');
      await page.getByTestId('store-buy').click();
      const bought = page.waitForResponse(
        (r) => r.url().endsWith('/api/store/orders') && r.request().method() === 'POST',
      );
      await page.locator('.ant-modal-confirm .ant-btn-primary').filter({ hasText: words.buy }).click();
      expect((await bought).status()).toBe(200);
    },
    JOURNEY_MS,
  );

  it(
    'its code appears on API management without reload, 5–20 s after the purchase',
    async () => {
      await page.goto('/dashboard/api-manage');
      const table = page.getByTestId('rentals-table');
      const row = table.locator('tbody tr.ant-table-row').first();
      await row.waitFor();
      await row.getByTestId('demo-tag').waitFor();
      expect(await row.getByTestId('demo-tag').textContent()).toBe(words.demo);
      const code = row.locator('span[data-testid^="rental-code-"]');
      // Not there yet: the simulated gateway waits DELAY_SECONDS after the purchase.
      expect(await code.count()).toBe(0);
      await page.evaluate(() => {
        (window as unknown as { marker: number }).marker = 42;
      });
      await code.waitFor({ timeout: DELAY_SECONDS * 1000 + SLOW_MS });
      expect((await code.textContent())?.trim()).toMatch(words.code);
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      await drawn(page);
      await saveScreenshot(page, locale, 'demo-api-manage-code');
    },
    JOURNEY_MS,
  );

  it(
    'the code and its number are labelled demo on a 390 px phone too',
    async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      // On a phone API management lists its APIs as cards (components/card-list.tsx).
      const row = page.getByTestId('rentals-table').getByTestId('card-list-item').first();
      await row.locator('span[data-testid^="rental-code-"]').first().waitFor();
      await row.getByTestId('demo-tag').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await drawn(page);
      await saveScreenshot(page, locale, 'demo-api-manage-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
    },
    JOURNEY_MS,
  );

  it(
    'the SMS history shows the demo SMS labelled demo',
    async () => {
      await page.goto('/dashboard/jiema-history');
      const table = page.locator('.ant-table').first();
      await table.getByTestId('demo-tag').first().waitFor();
      await drawn(page);
      await saveScreenshot(page, locale, 'demo-sms-history');
    },
    JOURNEY_MS,
  );
});

describe.each(LOCALES)('an administrator sees the demo things labelled demo (%s)', (locale) => {
  let context: BrowserContext;
  let page: Page;
  const pageErrors: Error[] = [];
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    context = await newAppContext(browser, locale, { baseURL: server.baseUrl });
    context.setDefaultTimeout(SLOW_MS);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    await logIn(page, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
  });
  afterAll(async () => {
    await context?.close();
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });

  it.each([
    ['admin/gateways', 'demo-gateways'],
    ['admin/phone-numbers', 'demo-phone-numbers'],
    ['admin/logs/sms-records', 'demo-sms-records'],
    ['admin/logs/sms-orders', 'demo-orders'],
  ])('/dashboard/%s', { timeout: JOURNEY_MS }, async (route, shot) => {
    await page.goto(`/dashboard/${route}`);
    await page.locator('.ant-table tbody tr.ant-table-row').first().waitFor();
    await page.locator('.ant-table').getByText(WORDS[locale].demo, { exact: true }).first().waitFor();
    await drawn(page);
    await saveScreenshot(page, locale, shot);
  });
});
