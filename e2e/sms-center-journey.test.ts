import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken, fundUser, rentableNumbers, userIdOf } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<Locale, { buy: string; bought: (n: number) => string; active: string }> = {
  'zh-CN': { buy: '立即购买', bought: (n) => `购买成功，共 ${n} 个号码`, active: '使用中' },
  'en-US': { buy: 'Buy now', bought: (n) => `Bought ${n} number(s)`, active: 'Active' },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for dialogs and drawers to finish moving, then for the page to settle, before a screenshot. */
async function still(page: Page) {
  // Endless animations (the "waiting for a code" spinners) never finish; wait for the others.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await settle(page);
}

describe.each(LOCALES)('a customer buys numbers and manages them (%s)', (locale) => {
  const words = WORDS[locale];
  const buyerAccount: Account = newAccount('buy');
  const friend: Account = newAccount('friend');
  let context: BrowserContext;
  let page: Page;
  let appId: number;
  let token: string;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    token = await adminToken();
    await registerCustomer(baseUrl(), buyerAccount);
    await registerCustomer(baseUrl(), friend);
    await fundUser(token, await userIdOf(token, buyerAccount.username), '50');
    appId = await rentableNumbers(token, 'GB', 4);
    context = await newAppContext(browser, locale);
    page = await context.newPage();
    await logIn(page, buyerAccount);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('buys two day rentals in the API store, after a confirmation', async () => {
    await page.goto(`/dashboard/api-store?app=${appId}&country=GB`);
    const form = page.getByTestId('store-order-form');
    await form.waitFor();
    // The 1-day rental: the validity radio whose label names one day.
    await page.getByTestId('store-validity').locator('input[type=radio]').nth(1).check();
    await page.locator('input[data-testid=store-quantity], [data-testid=store-quantity] input').fill('2');
    await expect.poll(() => page.getByTestId('store-total').textContent()).toMatch(/\d+\.\d{6}/);
    await still(page);
    await saveScreenshot(page, locale, 'store-order-form');
    await page.getByTestId('store-buy').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').filter({ hasText: words.buy }).click();
    const result = page.getByTestId('store-result');
    await result.getByText(words.bought(2)).waitFor();
    await still(page);
    await saveScreenshot(page, locale, 'store-bought');
  });

  it('sees the order with its two numbers', async () => {
    await page.goto('/dashboard/order-manage');
    const table = page.getByTestId('orders-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(1);
    await table.locator('[data-testid^=order-open-]').first().click();
    const phones = page.getByTestId('order-phones');
    await phones.waitFor();
    expect(await phones.getByText(/^\+44/).count()).toBe(2);
    await still(page);
    await saveScreenshot(page, locale, 'order-detail');
  });

  it('sees both rentals active in API management', async () => {
    await page.goto('/dashboard/api-manage');
    const table = page.getByTestId('rentals-table');
    await table.locator('tbody tr.ant-table-row').nth(1).waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await table.getByText(words.active, { exact: true }).count()).toBe(2);
    await still(page);
    await saveScreenshot(page, locale, 'api-manage');
  });
});
