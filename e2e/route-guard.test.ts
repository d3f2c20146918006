import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/accounts';
import { registerCustomer } from './support/api';
import { logIn, settle, skipRestOfJourneyAfterFailure, submitLogin } from './support/app';
import { baseUrl, launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES } from './support/texts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe.each(LOCALES)('the route guard (%s)', (locale) => {
  const account = newAccount('guard');
  let context: BrowserContext;
  let page: Page;
  skipRestOfJourneyAfterFailure();

  beforeAll(async () => {
    await registerCustomer(baseUrl(), account);
    context = await newAppContext(browser, locale);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('logged out, an unknown path ends on /login, remembering the profile page it redirected to', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathAndQuery(page)).toBe('/login?redirect=%2Fdashboard%2Fuser%2Fprofile');
    await page.getByTestId('login-form').waitFor();
  });

  it('logged out, a protected page sends to /login with the redirect query', async () => {
    await page.goto('/dashboard/user/security?from=bookmark');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathAndQuery(page)).toBe('/login?redirect=%2Fdashboard%2Fuser%2Fsecurity%3Ffrom%3Dbookmark');
    await settle(page);
    await saveScreenshot(page, locale, 'guard-login-with-redirect');
  });

  it('logging in returns to the page that was wanted', async () => {
    await submitLogin(page, account.username, account.password);
    await page.waitForURL((url) => url.pathname === '/dashboard/user/security');
    expect(pathAndQuery(page)).toBe('/dashboard/user/security?from=bookmark');
    await page.getByTestId('password-form').waitFor();
  });

  it('logged in, an unknown path redirects to /dashboard/user/profile', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/dashboard/user/profile');
    await page.getByTestId('profile-form').waitFor();
    await settle(page);
    await saveScreenshot(page, locale, 'guard-unknown-path-to-profile');
  });

  it('an unknown path under /dashboard is an unknown path too: the profile page', async () => {
    await page.goto('/dashboard/no-such-feature');
    await page.waitForURL((url) => url.pathname === '/dashboard/user/profile');
    await page.getByTestId('profile-form').waitFor();
  });
});

describe('the login redirect stays on this site', () => {
  const account = newAccount('redir');
  beforeAll(() => registerCustomer(baseUrl(), account));

  it.each([
    'https://example.com/phish',
    '//example.com/phish',
    '/\\example.com/phish',
    '/\t/example.com/phish',
  ])('redirect=%j lands on the dashboard', async (target) => {
    const context = await newAppContext(browser, 'zh-CN');
    try {
      const page = await context.newPage();
      await logIn(page, account, target);
      expect(new URL(page.url()).origin).toBe(baseUrl());
      expect(new URL(page.url()).pathname).toBe('/dashboard');
    } finally {
      await context.close();
    }
  });
});
