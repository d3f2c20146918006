import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Account, E2E_ADMIN, newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { adminToken, fundUser, rentableNumbers, userIdOf } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/** The words this journey looks for, written out so a changed translation fails it. */
const WORDS: Record<
  Locale,
  {
    buy: string;
    bought: (n: number) => string;
    active: string;
    renewed: RegExp;
    transferred: string;
    groupCreated: string;
  }
> = {
  'zh-CN': {
    buy: '立即购买',
    bought: (n) => `购买成功，共 ${n} 个号码`,
    active: '使用中',
    renewed: /^已续费 1 个号码，共 \d+\.\d{6} USDT$/,
    transferred: '已转让 1 个号码',
    groupCreated: '分组链接已创建',
  },
  'en-US': {
    buy: 'Buy now',
    bought: (n) => `Bought ${n} number(s)`,
    active: 'Active',
    renewed: /^Renewed 1 number\(s\) for \d+\.\d{6} USDT$/,
    transferred: '1 number(s) transferred',
    groupCreated: 'Group link created',
  },
};

type Rental = { id: number; phoneNumber: string; expiresAt: string };
type CodeAnswer = { kind: string; items: { phoneNumber: string }[] };

/** The session token the page keeps, to check with the API what the page did. */
const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const myRentals = async (page: Page) =>
  (await callApi<{ list: Rental[] }>(baseUrl(), '/api/rentals', { token: await pageToken(page) })).body.data
    .list;
/** The first data row of a table found by its data-testid. */
const firstRow = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('tbody tr.ant-table-row').first();

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
  // What the page showed when a step failed, for whoever reads the CI log.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !page) return;
    await saveScreenshot(page, locale, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
      () => undefined,
    );
    const notices = await page
      .locator('.ant-message-notice')
      .allTextContents()
      .catch(() => []);
    console.error(`[${locale}] "${task.name}" failed on ${page.url()}; notices: ${JSON.stringify(notices)}`);
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

  it('renews one of them in the renewal center: its expiry moves and the record shows', async () => {
    const before = await myRentals(page);
    await page.goto('/dashboard/renew-record');
    await firstRow(page, 'renewal-rentals-table').locator('input[type=checkbox]').check();
    await page.getByTestId('renewal-validity').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .first()
      .click();
    await expect.poll(() => page.getByTestId('renewal-total').textContent()).toMatch(/[1-9]\d*\.\d{6}/);
    await page.getByTestId('renewal-submit').click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/renewals') && r.request().method() === 'POST'),
      page.getByTestId('renewal-confirm').click(),
    ]);
    expect(response.status(), await response.text()).toBe(200);
    await page.locator('.ant-message-notice').filter({ hasText: words.renewed }).waitFor();
    await firstRow(page, 'renewal-records-table').waitFor();
    const after = await myRentals(page);
    const moved = after.filter((r) => before.find((b) => b.id === r.id)?.expiresAt !== r.expiresAt);
    expect(moved).toHaveLength(1);
    await still(page);
    await saveScreenshot(page, locale, 'renewal-center');
  });

  it('transfers the other one to a friend, after a confirmation', async () => {
    await page.goto('/dashboard/api-trade');
    await firstRow(page, 'transfer-rentals').locator('input[type=checkbox]').check();
    await page.getByTestId('transfer-open').click();
    await page.getByTestId('transfer-username').fill(friend.username);
    await page.getByTestId('transfer-next').click();
    await page.getByTestId('transfer-summary').waitFor();
    await still(page);
    await saveScreenshot(page, locale, 'transfer-confirm');
    await page.getByTestId('transfer-confirm').click();
    await page.locator('.ant-message-notice').filter({ hasText: words.transferred }).waitFor();
    await page.getByTestId('transfer-records-table').getByTestId('transfer-direction-sent').waitFor();
    expect(await myRentals(page)).toHaveLength(1);
    await still(page);
    await saveScreenshot(page, locale, 'transfer-records');
  });

  it('binds the remaining number into a group link that answers its codes', async () => {
    await page.goto('/dashboard/api-batch-binding');
    await page.getByTestId('group-create').click();
    await page.getByTestId('group-name').fill(`client ${locale}`);
    await firstRow(page, 'group-rentals').locator('input[type=checkbox]').check();
    await page.getByTestId('group-save').click();
    await page.locator('.ant-message-notice').filter({ hasText: words.groupCreated }).waitFor();
    await firstRow(page, 'groups-table').waitFor();
    const groups = await callApi<{ list: { token: string }[] }>(baseUrl(), '/api/rental-groups', {
      token: await pageToken(page),
    });
    const list = groups.body.data.list;
    expect(list).toHaveLength(1);
    const answer = await callApi<CodeAnswer>(baseUrl(), `/api/code/${list[0]!.token}`);
    expect(answer.body.data.kind).toBe('group');
    expect(answer.body.data.items.map((i) => i.phoneNumber)).toEqual(
      (await myRentals(page)).map((r) => r.phoneNumber),
    );
    await still(page);
    await saveScreenshot(page, locale, 'group-links');
  });

  it('the friend sees the received number and the transfer', async () => {
    const friendContext = await newAppContext(browser, locale);
    try {
      const friendPage = await friendContext.newPage();
      await logIn(friendPage, friend);
      await friendPage.goto('/dashboard/api-manage');
      await firstRow(friendPage, 'rentals-table').waitFor();
      expect(await friendPage.getByTestId('rentals-table').locator('tbody tr.ant-table-row').count()).toBe(1);
      await friendPage.goto('/dashboard/api-trade');
      await friendPage
        .getByTestId('transfer-records-table')
        .getByTestId('transfer-direction-received')
        .waitFor();
      await still(friendPage);
      await saveScreenshot(friendPage, locale, 'transfer-received');
    } finally {
      await friendContext.close();
    }
  });

  it('an administrator finds the buyer in the order, renewal, transfer and phone usage logs', async () => {
    const adminContext = await newAppContext(browser, locale);
    try {
      const adminPage = await adminContext.newPage();
      await logIn(adminPage, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
      const logs: [string, string, string][] = [
        ['/dashboard/admin/logs/api-orders', 'orders-table', 'admin-api-orders'],
        ['/dashboard/admin/logs/renewal-records', 'renewal-records-table', 'admin-renewal-records'],
        ['/dashboard/admin/logs/api-trade-records', 'admin-transfers-table', 'admin-api-trade-records'],
        ['/dashboard/admin/logs/phone-usage-records', 'phone-usage-table', 'admin-phone-usage'],
      ];
      for (const [path, table, shot] of logs) {
        await adminPage.goto(path);
        await adminPage.getByTestId(table).getByText(buyerAccount.username).first().waitFor();
        await still(adminPage);
        await saveScreenshot(adminPage, locale, shot);
      }
    } finally {
      await adminContext.close();
    }
  });
});
