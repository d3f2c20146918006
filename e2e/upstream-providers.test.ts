import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/accounts';
import { callApi, registerCustomer } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { RESULTS_DIR, saveScreenshot } from './support/screenshots';
import { type RunningServer, startServer } from './support/server';
import { adminToken, fundUser, rentableNumbers, userIdOf } from './support/sms-center';
import { LOCALES, type Locale } from './support/texts';

/**
 * A reseller's Jiema buying from an upstream Jiema (the run's server) over handler_api: the providers
 * screen (add, Test, mapping) and a purchase served by the upstream whose code reaches the customer.
 */
const WORDS: Record<
  Locale,
  {
    title: string;
    tested: string;
    mapping: string;
    unmapped: string;
    source: string;
    margin: string;
    rules: string;
    inherit: string;
    financeTitle: string;
    lastHour: string;
    reconTitle: string;
    reconOk: string;
    reconNetCost: string;
    reconWarning: string;
    reconResult: string;
  }
> = {
  'zh-CN': {
    title: '上游供应商',
    tested: '毫秒响应',
    mapping: '供应商代码',
    unmapped: '未映射',
    source: '来源',
    margin: '毛利',
    rules: '按应用和国家的价格规则',
    inherit: '沿用供应商',
    financeTitle: '上游供应商：成本、收入与毛利',
    lastHour: '近 1 小时',
    reconTitle: '成本台账与供应商余额对账',
    reconOk: '供应商余额与我方成本台账一致',
    reconNetCost: '此后净成本',
    reconWarning: '我方成本台账无法解释',
    reconResult: '差额',
  },
  'en-US': {
    title: 'Upstream providers',
    tested: 'answered in',
    mapping: 'Provider code',
    unmapped: 'Unmapped',
    source: 'Source',
    margin: 'margin',
    rules: 'Price rules per application and country',
    inherit: "Provider's",
    financeTitle: 'Upstream providers: cost, revenue and margin',
    lastHour: 'Last hour',
    reconTitle: "Cost ledger against the provider's balance",
    reconOk: "The provider's balance matches our cost ledger",
    reconNetCost: 'Net cost since then',
    reconWarning: 'that our cost ledger does not explain',
    reconResult: 'Discrepancy',
  },
};

const RESELLER = { adminUsername: 'reseller', adminPassword: 'Reseller#2024' } as const;
let browser: Browser;
let reseller: RunningServer;
/**
 * The upstream customer accounts the reseller buys with, one per language's provider (so each
 * provider's balance moves only with its own purchases), and their API keys.
 */
const upstreamAccounts = {} as Record<Locale, { key: string; userId: number }>;

beforeAll(async () => {
  browser = await launchBrowser();
  reseller = await startServer(RESELLER, path.join(RESULTS_DIR, 'reseller-server.log'), {
    UPSTREAM_ALLOW_PRIVATE: 'on',
    UPSTREAM_POLL_MS: '300',
    // A balance difference counts from the next reading on (the journey does not wait 30 minutes).
    UPSTREAM_BALANCE_SETTLE_MINUTES: '0',
  });
  // The upstream: numbers in stock (GB, Telegram), and funded customers whose API keys the reseller uses.
  const token = await adminToken();
  await rentableNumbers(token, 'GB', 4);
  for (const locale of LOCALES) {
    const account = newAccount('up');
    await registerCustomer(baseUrl(), account);
    const userId = await userIdOf(token, account.username);
    await fundUser(token, userId, '50');
    const login = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
      method: 'POST',
      body: { username: account.username, password: account.password, captchaCode: 'off' },
    });
    const key = await callApi<{ apiKey: string }>(baseUrl(), '/api/user/api-key', {
      method: 'POST',
      token: login.body.data.token,
    });
    upstreamAccounts[locale] = { key: key.body.data.apiKey, userId };
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await reseller?.stop();
});

describe.each(LOCALES)('a reseller adds an upstream provider and sells its numbers (%s)', (locale) => {
  const words = WORDS[locale];
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    context = await newAppContext(browser, locale, { baseURL: reseller.baseUrl });
    page = await context.newPage();
    await logIn(
      page,
      { username: RESELLER.adminUsername, password: RESELLER.adminPassword },
      '/dashboard/admin/upstream-providers',
    );
  });
  afterAll(async () => {
    await context?.close();
  });

  it('adds the provider; the key is not shown again; Test shows balance and latency', async () => {
    await expect.poll(() => page.locator('main').textContent()).toContain(words.title);
    await page.getByTestId('provider-add').click();
    await page.getByTestId('provider-name').fill(`Jiema upstream ${locale}`);
    await page.getByTestId('provider-url').fill(baseUrl());
    await page.getByTestId('provider-key').fill(upstreamAccounts[locale].key);
    await page.getByTestId('provider-margin-percent').fill('0');
    await settle(page);
    await saveScreenshot(page, locale, 'upstream-provider-form');
    await page.getByTestId('provider-form-submit').click();
    const table = page.getByTestId('providers-table');
    await expect.poll(() => table.textContent()).toContain(`Jiema upstream ${locale}`);
    expect(await table.textContent()).not.toContain(upstreamAccounts[locale].key);
    await page.locator('[data-testid^="provider-test-"]').last().click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain(words.tested);
    await settle(page);
    await saveScreenshot(page, locale, 'upstream-providers');
  });

  it('shows the mapping by the protocol codes, unmapped ones listed', async () => {
    await page.locator('[data-testid^="provider-mappings-"]').last().click();
    const modal = page.getByTestId('mappings-table');
    await expect.poll(() => modal.textContent()).toContain(words.mapping);
    // Countries first (the kind column), by the protocol's own id: the UK is GB.
    await expect.poll(() => modal.textContent()).toContain('GB');
    await settle(page);
    await saveScreenshot(page, locale, 'upstream-mappings');
    await page.keyboard.press('Escape');
  });

  it('sells an upstream number: the customer gets the code sent to the upstream', async () => {
    // A customer of the reseller buys a Telegram activation in GB: the reseller has no own stock there.
    const token = (
      await callApi<{ token: string }>(reseller.baseUrl, '/auth/login', {
        method: 'POST',
        body: { username: RESELLER.adminUsername, password: RESELLER.adminPassword, captchaCode: 'off' },
      })
    ).body.data.token;
    const account = newAccount('rc');
    await registerCustomer(reseller.baseUrl, account);
    const users = await callApi<{ list: { userId: number; username: string }[] }>(
      reseller.baseUrl,
      `/api/admin/users?keyword=${encodeURIComponent(account.username)}`,
      { token },
    );
    const userId = users.body.data.list.find((u) => u.username === account.username)!.userId;
    const funded = await callApi(reseller.baseUrl, `/api/admin/users/${userId}/balance`, {
      method: 'POST',
      token,
      body: { type: 'reward', amount: '5', note: 'e2e funding', requestId: randomUUID() },
    });
    expect(funded.status).toBe(200);
    const customer = await callApi<{ token: string }>(reseller.baseUrl, '/auth/login', {
      method: 'POST',
      body: { username: account.username, password: account.password, captchaCode: 'off' },
    });
    const apps = await callApi<{ id: number; code: string }[]>(
      reseller.baseUrl,
      '/api/catalog/applications',
      {
        token: customer.body.data.token,
      },
    );
    const options = await callApi<{ id: number; kind: string }[]>(
      reseller.baseUrl,
      '/api/catalog/validity-options',
      {
        token: customer.body.data.token,
      },
    );
    const order = await callApi<{ phones: { phoneNumber: string }[] }>(
      reseller.baseUrl,
      '/api/store/orders',
      {
        method: 'POST',
        token: customer.body.data.token,
        body: {
          applicationId: apps.body.data.find((a) => a.code === 'tg')!.id,
          countryCode: 'GB',
          cardType: 'new',
          validityOptionId: options.body.data.find((o) => o.kind === 'activation')!.id,
          quantity: 1,
        },
      },
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const phone = order.body.data.phones[0]!.phoneNumber;
    // The SMS reaches the upstream (its admin's test tool: the ingest path of that platform).
    await callApi(baseUrl(), '/api/admin/test-sms', {
      method: 'POST',
      token: await adminToken(),
      body: {
        number: phone,
        sender: 'Telegram',
        text: 'Telegram code: 73519. Do not give this code to anyone.',
      },
    });
    // The reseller's relay follows the upstream and stores the SMS for the customer's rental.
    await expect
      .poll(
        async () => {
          const rentals = await callApi<{ list: { phoneNumber: string; latestCode: string | null }[] }>(
            reseller.baseUrl,
            '/api/rentals',
            { token: customer.body.data.token },
          );
          return rentals.body.data.list.find((r) => r.phoneNumber === phone)?.latestCode ?? null;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('73519');
    const customerContext = await newAppContext(browser, locale, { baseURL: reseller.baseUrl });
    const customerPage = await customerContext.newPage();
    try {
      await logIn(customerPage, account, '/dashboard/api-manage');
      await expect
        .poll(() => customerPage.locator('body').textContent(), { timeout: 20_000 })
        .toContain('73519');
      await settle(customerPage);
      await saveScreenshot(customerPage, locale, 'upstream-served-rental');
      // The customer's own orders never name the provider.
      await customerPage.goto('/dashboard/order-manage');
      await expect
        .poll(() => customerPage.locator('[data-testid^="order-open-"]').count())
        .toBeGreaterThan(0);
      expect(await customerPage.locator('body').textContent()).not.toContain('Jiema upstream');
    } finally {
      await customerContext.close();
    }
  });

  it('the admin order log shows the provider, its activation id, cost and margin', async () => {
    await page.goto('/dashboard/admin/logs/sms-orders');
    const table = page.getByTestId('orders-table');
    await expect.poll(() => table.textContent()).toContain(words.source);
    await expect.poll(() => table.textContent()).toContain('Jiema upstream');
    expect(await table.textContent()).toContain(words.margin);
    await page.locator('[data-testid^="order-open-"]').first().click();
    const served = page.getByTestId('order-upstream');
    await expect.poll(() => served.textContent()).toContain('Jiema upstream');
    expect(await served.textContent()).toContain('USDT');
    await settle(page);
    await saveScreenshot(page, locale, 'upstream-order-detail');
    await page.keyboard.press('Escape');
  });

  it('the finance log shows cost, revenue and margin per provider', async () => {
    await page.goto('/dashboard/admin/logs/finance');
    const card = page.getByTestId('finance-upstream');
    await expect.poll(() => card.textContent()).toContain(words.financeTitle);
    await expect.poll(() => card.textContent()).toContain(`Jiema upstream ${locale}`);
    await settle(page);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, locale, 'upstream-finance');
  });

  it('price rules per country and application; state shows the last hour', async () => {
    await page.goto('/dashboard/admin/upstream-providers');
    await expect
      .poll(() => page.getByTestId('providers-table').textContent())
      .toContain(`Jiema upstream ${locale}`);
    await page.locator('[data-testid^="provider-rules-"]').last().click();
    await expect.poll(() => page.locator('.ant-modal').last().textContent()).toContain(words.rules);
    await page.getByTestId('price-rule-country').fill('gb');
    await page.getByTestId('price-rule-fixed').fill('0.01');
    await page.getByTestId('price-rule-save').click();
    const rules = page.getByTestId('price-rules-table');
    await expect.poll(() => rules.textContent()).toContain('GB');
    expect(await rules.textContent()).toContain('0.010000');
    expect(await rules.textContent()).toContain(words.inherit);
    await settle(page);
    await saveScreenshot(page, locale, 'upstream-price-rules');
    // A margin that is not a number is refused in the reader's language before it is sent.
    await page.getByTestId('price-rule-country').fill('GB');
    await page.getByTestId('price-rule-percent').fill('ten');
    await page.getByTestId('price-rule-save').click();
    await expect
      .poll(() => page.getByTestId('price-rule-form').textContent())
      .toContain(locale === 'zh-CN' ? '请输入不小于 0 的数字' : 'Please enter a number');
    await page.locator('[data-testid^="price-rule-delete-"]').first().click();
    await page.getByTestId('price-rule-delete-ok').click();
    await expect.poll(() => rules.textContent()).not.toContain('0.010000');
    await page.keyboard.press('Escape');

    await page.locator('[data-testid^="provider-state-"]').first().click();
    await expect
      .poll(() => page.getByTestId('provider-success-rates').textContent())
      .toContain(words.lastHour);
    await settle(page);
    await saveScreenshot(page, locale, 'upstream-provider-state');
    await page.keyboard.press('Escape');
  });

  it('balance check: the cost ledger against the balance; money taken behind its back is a warned discrepancy', async () => {
    await page.goto('/dashboard/admin/upstream-providers');
    await expect
      .poll(() => page.getByTestId('providers-table').textContent())
      .toContain(`Jiema upstream ${locale}`);
    await page.locator('[data-testid^="provider-reconciliation-"]').last().click();
    const summary = page.getByTestId('recon-summary');
    await expect.poll(() => page.locator('.ant-modal').last().textContent()).toContain(words.reconTitle);
    await expect.poll(() => summary.textContent()).toContain(words.reconNetCost);
    await expect.poll(() => page.getByTestId('recon-ok').textContent()).toContain(words.reconOk);
    await page.keyboard.press('Escape');

    // The provider's operator takes money from our account there: our ledger knows nothing of it.
    const taken = await callApi(baseUrl(), `/api/admin/users/${upstreamAccounts[locale].userId}/balance`, {
      method: 'POST',
      token: await adminToken(),
      body: { type: 'deduction', amount: '0.3', note: 'e2e: taken by the provider', requestId: randomUUID() },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    // Two readings ("Test"): the first sees the difference, the second settles it.
    for (let i = 0; i < 2; i++) {
      await page.locator('[data-testid^="provider-test-"]').last().click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain(words.tested);
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
    }
    await expect
      .poll(() => page.getByTestId('providers-discrepancy').textContent())
      .toContain(`Jiema upstream ${locale}`);
    await page.locator('[data-testid^="provider-reconciliation-"]').last().click();
    await expect.poll(() => page.getByTestId('recon-warning').textContent()).toContain(words.reconWarning);
    expect(await page.getByTestId('recon-discrepancy').textContent()).toContain('0.300000');
    await expect.poll(() => page.getByTestId('recon-intervals').textContent()).toContain(words.reconResult);
    await settle(page);
    await saveScreenshot(page, locale, 'upstream-reconciliation');
    await page.keyboard.press('Escape');
  });

  it('fits a 390 px phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.locator('main').textContent()).toContain(words.title);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, locale, 'upstream-providers-390');
    await page.locator('[data-testid^="provider-rules-"]').last().click();
    await expect.poll(() => page.locator('.ant-modal').last().textContent()).toContain(words.rules);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, locale, 'upstream-price-rules-390');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid^="provider-reconciliation-"]').last().click();
    await expect.poll(() => page.getByTestId('recon-warning').textContent()).toContain(words.reconWarning);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, locale, 'upstream-reconciliation-390');
    await page.keyboard.press('Escape');
    await page.goto('/dashboard/admin/logs/finance');
    await expect.poll(() => page.getByTestId('finance-upstream').textContent()).toContain(words.financeTitle);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('finance-upstream').scrollIntoViewIfNeeded();
    await saveScreenshot(page, locale, 'upstream-finance-390');
    await page.goto('/dashboard/admin/logs/sms-orders');
    await expect.poll(() => page.getByTestId('orders-table').textContent()).toContain('Jiema upstream');
    await settle(page);
    await saveScreenshot(page, locale, 'upstream-orders-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
