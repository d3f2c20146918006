import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, newAccount } from './support/accounts';
import { logIn, settle, skipRestOfJourneyAfterFailure, toast } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import {
  adminToken,
  createGenericGateway,
  customerWithDayRental,
  type GenericGateway,
  postSms,
  rentableNumbers,
} from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/**
 * Lists on a phone (390 px): where a table's fixed number and actions columns would fill the
 * screen, each row is a card (number, application, status, the code large with copy, the actions),
 * so the code of a fresh SMS is in view without scrolling sideways. At 1440 px they stay tables.
 */
const PHONE = 390;
const WORDS: Record<Locale, { copied: string; copyFailed: string }> = {
  'zh-CN': { copied: '复制成功', copyFailed: '复制失败，请手动复制' },
  'en-US': { copied: 'Copied', copyFailed: 'Copy failed, please copy it by hand' },
};

/** Where an element is, against the window: fully in view horizontally, and the page no wider. */
async function horizontally(page: Page, selector: string) {
  const element = page.locator(selector).first();
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  expect(box, `${selector} is drawn`).not.toBeNull();
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  return { left: box!.x, right: box!.x + box!.width, ...widths };
}

async function expectInView(page: Page, selector: string) {
  const where = await horizontally(page, selector);
  expect(where.left, `${selector} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(where.right, `${selector} ends inside the window`).toBeLessThanOrEqual(where.window);
  expect(where.document, 'the page is no wider than the window').toBeLessThanOrEqual(where.window);
}

let browser: Browser;
let gateway: GenericGateway;
let admin: string;
let appId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  gateway = await createGenericGateway(admin, 'e2e phone cards');
  appId = await rentableNumbers(admin, 'GB', 2);
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('lists as cards on a 390 px phone (%s)', (locale) => {
  const words = WORDS[locale];
  const account = newAccount('cards');
  const code = String(100000 + Math.floor(Math.random() * 899999));
  let rental: { id: number; phoneNumber: string };
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    ({ rental } = await customerWithDayRental(admin, account, appId));
    await postSms(gateway, rental.phoneNumber, `Telegram code: ${code}. Do not give it to anyone.`);

    context = await newAppContext(browser, locale, { width: PHONE });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    await logIn(page, account);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('API management: the code of a fresh SMS is in view, large, with its number and actions', async () => {
    await page.goto('/dashboard/api-manage');
    const cards = page.locator('[data-testid=rentals-table][data-layout=cards]');
    await cards.waitFor();
    await expect.poll(() => page.getByTestId(`rental-code-${rental.id}`).textContent()).toBe(code);
    await expectInView(page, `[data-testid=rental-code-${rental.id}]`);
    const card = cards.getByTestId('card-list-item').first();
    expect(await card.textContent()).toContain(rental.phoneNumber);
    await expectInView(page, `[data-testid=rental-pause-${rental.id}]`);
    const size = await page
      .getByTestId(`rental-code-${rental.id}`)
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size, 'the code is drawn larger than the text around it').toBeGreaterThan(14);
    await settle(page);
    await saveScreenshot(page, locale, 'cards-390-api-manage');
  });

  it('copying the code from its card says so, and puts the code on the clipboard', async () => {
    await page.getByTestId(`rental-code-copy-${rental.id}`).click();
    await toast(page, words.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  it('a copy the browser refuses says to copy by hand', async () => {
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await page.getByTestId(`rental-code-copy-${rental.id}`).click();
    await toast(page, words.copyFailed).waitFor();
    await saveScreenshot(page, locale, 'cards-390-copy-failed', { fullPage: false });
  });

  it('received codes: each SMS is a card with its code in view', async () => {
    await page.goto('/dashboard/jiema-history');
    const cards = page.locator('[data-testid=jiema-history-table][data-layout=cards]');
    await cards.getByTestId('card-list-item').first().waitFor({ timeout: 45_000 });
    const card = cards.getByTestId('card-list-item').filter({ hasText: rental.phoneNumber }).first();
    await card.getByText(code, { exact: true }).waitFor();
    const box = await card.getByText(code, { exact: true }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
    await settle(page);
    await saveScreenshot(page, locale, 'cards-390-jiema-history');
  });

  it('orders: each order is a card inside the window', async () => {
    await page.goto('/dashboard/order-manage');
    await page
      .locator('[data-layout=cards] [data-testid=card-list-item]')
      .first()
      .waitFor({ timeout: 45_000 });
    await settle(page);
    await expectInView(page, '[data-layout=cards] [data-testid=card-list-item]');
    await saveScreenshot(page, locale, 'cards-390-order-manage');
  });

  it('API merge: the list is cards too, nothing wider than the phone', async () => {
    await page.goto('/dashboard/api-batch-binding');
    await page.locator('[data-layout=cards]').first().waitFor();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
    await saveScreenshot(page, locale, 'cards-390-api-batch-binding');
  });

  it('at 1440 px API management is still a table, the code in its column', async () => {
    const wide = await newAppContext(browser, locale, { width: 1440 });
    try {
      wide.setDefaultTimeout(45_000);
      const desk = await wide.newPage();
      await logIn(desk, account, '/dashboard/api-manage');
      await desk.getByTestId('rentals-table').locator('tbody tr.ant-table-row').first().waitFor();
      expect(await desk.locator('[data-layout=cards]').count()).toBe(0);
      await expect.poll(() => desk.getByTestId(`rental-code-${rental.id}`).textContent()).toBe(code);
    } finally {
      await wide.close();
    }
  });
});

describe.each(LOCALES)('administrator lists as cards on a 390 px phone (%s)', (locale) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newAppContext(browser, locale, { width: PHONE });
    page = await context.newPage();
    await logIn(page, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each([
    'admin/phone-numbers',
    'admin/user-manage',
    'admin/logs/sms-records',
    'admin/logs/phone-usage-records',
    'admin/logs/api-orders',
  ])('%s: one card per row, each inside the window', async (path) => {
    await page.goto(`/dashboard/${path}`);
    await page
      .locator('[data-layout=cards] [data-testid=card-list-item]')
      .first()
      .waitFor({ timeout: 45_000 });
    await settle(page);
    await expectInView(page, '[data-layout=cards] [data-testid=card-list-item]');
    expect(await page.locator('.ant-table-wrapper').count(), 'no table beside the cards').toBe(0);
    await saveScreenshot(page, locale, `cards-390-${path.replaceAll('/', '-')}`);
  });
});
