import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Account, newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { fieldError, logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken, fundUser, rentableNumbers, userIdOf } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  {
    aboveStock: (quantity: number, stock: number) => string;
    atLeastOne: string;
    shortfall: RegExp;
    recharge: string;
    buy: string;
    refused: RegExp;
  }
> = {
  'zh-CN': {
    aboveStock: (q, s) => `当前选择仅有 ${s} 个库存，无法购买 ${q} 个`,
    atLeastOne: '购买数量必须是大于 0 的整数',
    shortfall: /余额 0\.000000 USDT，本单需 \d+\.\d{6} USDT，还差 \d+\.\d{6} USDT/,
    recharge: '去充值',
    buy: '立即购买',
    refused: /库存不足/,
  },
  'en-US': {
    aboveStock: (q, s) => `Only ${s} in stock for this choice: ${q} cannot be bought`,
    atLeastOne: 'The quantity must be a whole number above 0',
    shortfall: /Your balance is 0\.000000 USDT; this order costs \d+\.\d{6} USDT, \d+\.\d{6} USDT short/,
    recharge: 'Recharge',
    buy: 'Buy now',
    refused: /stock/i,
  },
};

const quantityInput = (page: Page) =>
  page.locator('input[data-testid=store-quantity], [data-testid=store-quantity] input');

/** Logs a customer in through the API (the captcha is off on the e2e server). */
async function tokenOf(account: Account): Promise<string> {
  const { body } = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
    method: 'POST',
    body: { username: account.username, password: account.password, captchaCode: 'off' },
  });
  return body.data.token;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)("a customer's first purchase says what it will do (%s)", (locale) => {
  const words = WORDS[locale];
  const customer = newAccount('first');
  const rival = newAccount('rival');
  const pageErrors: string[] = [];
  let context: BrowserContext;
  let page: Page;
  let appId: number;
  let admin: string;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    admin = await adminToken();
    await registerCustomer(baseUrl(), customer);
    await registerCustomer(baseUrl(), rival);
    await fundUser(admin, await userIdOf(admin, rival.username), '500');
    appId = await rentableNumbers(admin, 'GB', 3);
    context = await newAppContext(browser, locale);
    page = await context.newPage();
    // The machine these run on is shared and slow: a lazy page can take a while.
    page.setDefaultTimeout(40_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await logIn(page, customer);
  });
  afterAll(async () => {
    await context?.close();
  });
  // What the page showed when a step failed.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !page) return;
    await saveScreenshot(page, locale, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
      () => undefined,
    );
  });

  async function openStore() {
    await page.goto(`/dashboard/api-store?app=${appId}&country=GB`);
    await page.getByTestId('store-order-form').waitFor();
    // The 1-day rental (the second validity), priced by the seed.
    await page.getByTestId('store-validity').locator('input[type=radio]').nth(1).check();
  }
  const available = async () => Number(await page.getByTestId('store-available').textContent());

  it('refuses more than the stock at the field and keeps the number typed', async () => {
    await openStore();
    const stock = await available();
    expect(stock).toBeGreaterThan(0);
    await quantityInput(page).fill('101');
    await quantityInput(page).blur();
    await fieldError(page, words.aboveStock(101, stock)).waitFor();
    expect(await quantityInput(page).inputValue()).toBe('101');
    expect(await page.getByTestId('store-buy').isDisabled()).toBe(true);
    await settle(page);
    await saveScreenshot(page, locale, 'store-quantity-above-stock');
  });

  it('refuses 0 at the field instead of buying 1', async () => {
    await quantityInput(page).fill('0');
    await quantityInput(page).blur();
    await fieldError(page, words.atLeastOne).waitFor();
    expect(await quantityInput(page).inputValue()).toBe('0');
    expect(await page.getByTestId('store-buy').isDisabled()).toBe(true);
  });

  it('shows the shortfall with a way to recharge before any confirmation, the button off', async () => {
    await quantityInput(page).fill('1');
    const alert = page.getByTestId('store-balance-short');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(words.shortfall);
    expect(await page.getByTestId('store-buy').isDisabled()).toBe(true);
    await settle(page);
    await saveScreenshot(page, locale, 'store-balance-short');
    await alert.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/account-recharge');
  });

  it('a purchase the server refuses after the confirmation leaves no uncaught error', async () => {
    await fundUser(admin, await userIdOf(admin, customer.username), '100');
    await page.reload();
    await openStore();
    const stock = await available();
    await quantityInput(page).fill(String(stock));
    await expect.poll(() => page.getByTestId('store-buy').isEnabled()).toBe(true);
    // Someone else buys one of those numbers meanwhile: the count asked for is no longer there.
    const rivalBuys = await callApi(baseUrl(), '/api/store/orders', {
      method: 'POST',
      token: await tokenOf(rival),
      body: {
        applicationId: appId,
        countryCode: 'GB',
        cardType: 'new',
        validityOptionId: await validityId(),
        quantity: 1,
      },
    });
    expect(rivalBuys.status).toBe(200);
    await page.getByTestId('store-buy').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').filter({ hasText: words.buy }).click();
    await page.locator('.ant-message-notice').filter({ hasText: words.refused }).first().waitFor();
    const orders = await callApi<{ list: unknown[] }>(baseUrl(), '/api/orders', {
      token: await tokenOf(customer),
    });
    expect(orders.body.data.list).toHaveLength(0);
    expect(pageErrors).toEqual([]);
  });

  /** The validity the page has chosen (the second one of the availability answer). */
  async function validityId(): Promise<number> {
    const { body } = await callApi<{ validityOptions: { id: number }[] }>(
      baseUrl(),
      `/api/store/availability?applicationId=${appId}`,
      { token: await tokenOf(rival) },
    );
    return body.data.validityOptions[1]!.id;
  }
});
