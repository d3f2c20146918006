import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/accounts';
import { registerCustomer } from './support/api';
import { logIn, settle } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES } from './support/texts';

const TITLES = {
  'zh-CN': {
    sa: 'sms-activate 兼容接口',
    five: '5sim 兼容接口',
    webhook: 'sms-activate 兼容 Webhook',
    saved: 'Webhook 已保存',
  },
  'en-US': {
    sa: 'sms-activate compatible API',
    five: '5sim compatible API',
    webhook: 'sms-activate compatible webhook',
    saved: 'Webhook saved',
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LOCALES)('compat pages (%s)', (locale) => {
  const text = TITLES[locale];
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newAppContext(browser, locale);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('/docs links to both protocol pages; each tells the base URL to switch to', async () => {
    await page.goto('/docs');
    await page.getByTestId('compat-docs-links').waitFor();
    await page.getByRole('link', { name: text.sa }).click();
    await page.getByRole('heading', { name: text.sa, level: 1 }).waitFor();
    await expect(page.getByTestId('compat-base-url').textContent()).resolves.toBe(
      `${baseUrl()}/stubs/handler_api.php`,
    );
    await settle(page);
    await saveScreenshot(page, locale, 'compat-docs-sms-activate');

    await page.goto('/docs/5sim');
    await page.getByRole('heading', { name: text.five, level: 1 }).waitFor();
    await expect(page.getByTestId('compat-base-url').textContent()).resolves.toBe(`${baseUrl()}/v1`);
    await settle(page);
    await saveScreenshot(page, locale, 'compat-docs-5sim');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/docs/sms-activate');
    await page.getByRole('heading', { name: text.sa, level: 1 }).waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'compat-docs-sms-activate-phone');
    // The page's own content fits a phone (its table scrolls inside itself). The public header's
    // buttons are the public layout's, not this page's.
    const content = page.getByTestId('compat-docs-smsActivate');
    expect(await content.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
    expect(await content.evaluate((e) => e.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('the profile card saves the webhook address; a bad one is refused in the page language', async () => {
    const account = newAccount('compat');
    await registerCustomer(baseUrl(), account);
    await logIn(page, account, '/dashboard/user/profile');
    const card = page.getByTestId('compat-webhook-card');
    await card.getByText(text.webhook).waitFor();
    await page.getByTestId('compat-webhook-url').fill('ftp://nope');
    await page.getByTestId('compat-webhook-save').click();
    await card.locator('.ant-form-item-explain-error').waitFor();
    await page.getByTestId('compat-webhook-url').fill('https://example.com/sms-hook');
    await page.getByTestId('compat-webhook-save').click();
    await page.getByText(text.saved).waitFor();
    await page.reload();
    await page.getByTestId('compat-webhook-pending').waitFor();
    await expect(page.getByTestId('compat-webhook-url').inputValue()).resolves.toBe(
      'https://example.com/sms-hook',
    );
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await saveScreenshot(page, locale, 'compat-profile-webhook');
  });
});
