import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/accounts';
import { registerCustomer } from './support/api';
import {
  chooseLanguage,
  logIn,
  settle,
  sidebarGroupLabels,
  skipRestOfJourneyAfterFailure,
} from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { TEXTS } from './support/texts';

const zh = TEXTS['zh-CN'];
const en = TEXTS['en-US'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('switching the language', () => {
  const account = newAccount('lang');
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  const storedLocale = () => page.evaluate(() => localStorage.getItem('locale'));
  const documentLang = () => page.evaluate(() => document.documentElement.lang);

  beforeAll(async () => {
    await registerCustomer(baseUrl(), account);
    // No locale chosen beforehand: the app must start in its default, Chinese.
    context = await newAppContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('starts in Chinese with nothing stored', async () => {
    await logIn(page, account);
    await page.goto('/dashboard/user/profile');
    await page.getByTestId('profile-form').waitFor();
    expect(await sidebarGroupLabels(page)).toEqual(
      expect.arrayContaining([zh.menu.account, zh.menu.smsCenter]),
    );
    expect(await page.getByTestId('header-balance').textContent()).toContain(zh.balance);
    expect(await documentLang()).toBe('zh-CN');
  });

  it('to English changes the sidebar, the header and the page, and stores locale=en-US', async () => {
    await chooseLanguage(page, 'English');
    await page.getByTestId('sidebar').getByText(en.menu.account, { exact: true }).waitFor();
    const labels = await sidebarGroupLabels(page);
    expect(labels).toEqual(expect.arrayContaining([en.menu.account, en.menu.smsCenter, en.menu.finance]));
    expect(labels).not.toContain(zh.menu.account);
    expect(await page.getByTestId('header-balance').textContent()).toContain(en.balance);
    expect(await page.getByTestId('language-switch').textContent()).toContain('English');
    expect(await storedLocale()).toBe('en-US');
    expect(await documentLang()).toBe('en-US');
  });

  it('survives a reload', async () => {
    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    expect(await sidebarGroupLabels(page)).toEqual(
      expect.arrayContaining([en.menu.account, en.menu.smsCenter]),
    );
    expect(await page.getByTestId('header-balance').textContent()).toContain(en.balance);
    expect(await page.locator('.ant-card-head-title').first().textContent()).toBe(en.menu.profile);
    await settle(page);
    await saveScreenshot(page, 'en-US', 'language-after-reload');
  });

  it('holds on the public pages and the login page too', async () => {
    await page.goto('/pricing');
    await page.getByRole('heading', { name: en.page.plansTitle, level: 1 }).waitFor();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in', exact: true }).waitFor();
  });

  it('back to Chinese, stored and kept after a reload', async () => {
    await chooseLanguage(page, '简体中文');
    // Stored when the language has changed, which waits for its texts: after the reload in English, the
    // Chinese chunk is fetched first.
    await expect.poll(storedLocale).toBe('zh-CN');
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(await documentLang()).toBe('zh-CN');
    await page.getByRole('heading', { name: '登录', exact: true }).waitFor();
    await settle(page);
    await saveScreenshot(page, 'zh-CN', 'language-back-to-chinese');
  });
});
