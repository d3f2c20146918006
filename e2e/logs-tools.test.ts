import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { callApi } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { makePng } from './support/png';
import { saveScreenshot } from './support/screenshots';
import { adminToken, rentableNumbers } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/** The words these journeys look for, written out so a changed translation fails them. */
const WORDS: Record<
  Locale,
  {
    tester: string;
    fromPattern: string;
    orderNumber: string;
    sweepDone: string;
    prices: string;
    telegram: string;
    inject: string;
    cardType: RegExp;
  }
> = {
  'zh-CN': {
    tester: '验证码提取规则测试',
    fromPattern: '来自应用的验证码规则',
    orderNumber: '订单号、参考号或交易号',
    sweepDone: '结束的租用',
    prices: '号码价格',
    telegram: 'Telegram',
    cardType: /USDT 起 (新卡|旧卡)$/,
    inject: '前往网关管理',
  },
  'en-US': {
    tester: 'Code-extraction pattern tester',
    fromPattern: "from the application's code pattern",
    orderNumber: 'an order, reference or transaction number',
    sweepDone: 'Rentals ended',
    prices: 'Number prices',
    telegram: 'Telegram',
    cardType: /USDT (New|Used)$/,
    inject: 'Open gateways',
  },
};

/** The eight logs of issue 13: each opens with its table and, for an administrator, its export button. */
const LOGS = [
  { path: 'sms-records', exportId: 'sms-records-export' },
  { path: 'sms-orders', exportId: 'orders-export' },
  { path: 'recharge', exportId: 'recharge-log-export' },
  { path: 'api-orders', exportId: 'orders-export' },
  { path: 'finance', exportId: 'finance-log-export' },
  { path: 'phone-usage-records', exportId: 'phone-usage-export' },
  { path: 'renewal-records', exportId: 'renewal-records-export' },
  { path: 'api-trade-records', exportId: 'transfers-export' },
] as const;

const admin = { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword };

let browser: Browser;
let token: string;
let adId: string | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  // Stock for the public price list, and a login_side ad with an image.
  await rentableNumbers(token, 'GB', 3);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(makePng(320, [22, 119, 255], [250, 173, 20]))], { type: 'image/png' }),
    'ad.png',
  );
  const upload = await fetch(`${baseUrl()}/api/admin/ads/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const image = ((await upload.json()) as { data: { fileId: string } }).data;
  const ad = await callApi(baseUrl(), '/api/admin/ads', {
    method: 'POST',
    token,
    body: {
      title: 'Login side ad',
      imageFileId: image.fileId,
      placement: 'login_side',
      linkUrl: 'https://example.com/',
    },
  });
  if (ad.status !== 200) throw new Error(`ad not created: ${ad.status} ${ad.body.message}`);
  adId = (ad.body.data as { id: string }).id;
});
afterAll(async () => {
  await browser?.close();
  // The files after this one log in on a login page without the ad, as on a fresh install.
  if (adId) await callApi(baseUrl(), `/api/admin/ads/${adId}`, { method: 'DELETE', token });
});

/** The card's box, and its box once the aside is taken out: the ad arriving must not move the form. */
async function cardWithAndWithoutAside(page: Page) {
  const card = page.getByTestId('auth-card');
  const withAside = await card.boundingBox();
  await page.getByTestId('auth-aside').evaluate((aside) => {
    aside.style.display = 'none';
  });
  const withoutAside = await card.boundingBox();
  await page.getByTestId('auth-aside').evaluate((aside) => {
    aside.style.display = '';
  });
  return { withAside, withoutAside };
}

/** Collects every uncaught error of the page: any one fails the journey. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each(LOCALES)('logs and system tools (%s)', (locale) => {
  const words = WORDS[locale];
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    page = await context.newPage();
    errors = watchErrors(page);
    await logIn(page, admin, '/dashboard/admin/tools?tab=patterns');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('tests a code pattern on a sample SMS and shows the code a rental would get, its rule and the numbers set aside', async () => {
    await expect
      .poll(() => page.getByTestId('pattern-tester').textContent(), { timeout: 20_000 })
      .toContain(words.tester);
    await page.getByTestId('tool-code-pattern').fill(String.raw`code[:：\s]*(\d{5})`);
    await page.getByTestId('tool-sample').fill('Telegram code: 61234. Order #99812, 2024-05-01.');
    await page.getByTestId('tool-pattern-run').click();
    await expect
      .poll(() => page.getByTestId('tool-pattern-code').textContent(), { timeout: 20_000 })
      .toContain('61234');
    expect(await page.getByTestId('tool-pattern-code').textContent()).toContain(words.fromPattern);
    // Why the general extractor set the order number aside, in the page's language.
    const rejected = await page.getByTestId('tool-pattern-rejected').textContent();
    expect(rejected).toContain('99812');
    expect(rejected).toContain(words.orderNumber);
    await settle(page);
    await saveScreenshot(page, locale, 'tools-pattern-tester');
  });

  it('runs the expiry sweep once and shows what it did; links to the test inbound SMS', async () => {
    await page.goto('/dashboard/admin/tools?tab=maintenance');
    await page.getByTestId('tool-sweep-run').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect
      .poll(() => page.getByTestId('tool-sweep-result').textContent(), { timeout: 20_000 })
      .toContain(words.sweepDone);
    expect(await page.getByTestId('tool-inject-link').textContent()).toContain(words.inject);
    const download = page.waitForEvent('download');
    await page.getByTestId('tool-settings-export').click();
    expect((await download).suggestedFilename()).toMatch(/^jiema-settings-\d{4}-\d{2}-\d{2}\.json$/);
    await settle(page);
    await saveScreenshot(page, locale, 'tools-maintenance');
  });

  it('opens the eight logs, each with its table and export', async () => {
    for (const log of LOGS) {
      await page.goto(`/dashboard/admin/logs/${log.path}`);
      await expect
        .poll(() => page.locator('.ant-table').count(), { message: log.path, timeout: 20_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => page.getByTestId(log.exportId).count(), { message: log.path, timeout: 20_000 })
        .toBe(1);
      await settle(page);
      await saveScreenshot(page, locale, `log-${log.path}`);
    }
    // Eight pages, each loaded and photographed: longer than one step's default on a loaded machine.
  }, 300_000);

  it('fits a 390 px phone: the tools and a log', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/admin/tools?tab=patterns');
    await expect.poll(() => page.getByTestId('pattern-tester').count(), { timeout: 20_000 }).toBe(1);
    await settle(page);
    await saveScreenshot(page, locale, 'tools-pattern-tester-390');
    await page.goto('/dashboard/admin/logs/finance');
    await expect.poll(() => page.locator('.ant-table').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await settle(page);
    await saveScreenshot(page, locale, 'log-finance-390');
    expect(errors).toEqual([]);
  });
});

describe.each(LOCALES)('visitors: public prices and the login page ad (%s)', (locale) => {
  const words = WORDS[locale];
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('/pricing lists application, country, lowest price and a stock band without an account', async () => {
    await page.goto('/pricing');
    const prices = page.getByTestId('public-prices');
    await expect.poll(() => prices.textContent(), { timeout: 20_000 }).toContain(words.prices);
    await page.getByTestId('public-prices-search').locator('input').fill(words.telegram);
    const row = prices
      .locator('.ant-table-row')
      .filter({ hasText: words.telegram })
      .filter({ hasText: '+44' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await row.first().textContent()).toMatch(/USDT/);
    // The price names the card type it buys (new or used), and its stock band is that card type's.
    expect(await row.first().getByTestId('public-price').textContent()).toMatch(words.cardType);
    await settle(page);
    await saveScreenshot(page, locale, 'pricing-public-prices');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    // The price table scrolls inside itself; the public layout around it is the phone work's (issue 14).
    const box = await prices.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, locale, 'pricing-public-prices-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('the login page shows the login_side ad beside the form, and below it on a phone', async () => {
    await page.goto('/login');
    const aside = page.getByTestId('auth-aside');
    await expect.poll(() => aside.locator('img').count(), { timeout: 20_000 }).toBe(1);
    const card = await page.getByTestId('auth-card').boundingBox();
    const ad = await aside.boundingBox();
    expect(ad!.x).toBeGreaterThan(card!.x + card!.width - 1);
    const wide = await cardWithAndWithoutAside(page);
    expect(wide.withAside, 'the card stays where it was before the ad loaded').toEqual(wide.withoutAside);
    await settle(page);
    await saveScreenshot(page, locale, 'login-side-ad');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    const phoneCard = await page.getByTestId('auth-card').boundingBox();
    const phoneAd = await aside.boundingBox();
    expect(phoneAd!.y).toBeGreaterThanOrEqual(phoneCard!.y + phoneCard!.height - 1);
    const phone = await cardWithAndWithoutAside(page);
    expect(phone.withAside, 'the card stays where it was before the ad loaded').toEqual(phone.withoutAside);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, locale, 'login-side-ad-390');
    expect(errors).toEqual([]);
  });
});
