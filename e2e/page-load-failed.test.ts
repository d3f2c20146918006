import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { FIELD_ERRORS, logIn, settle, submitLogin, toast } from './support/app';
import { launchBrowser, newAppContext } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { LOCALES, type Locale } from './support/texts';

/**
 * Spec §8 when the network fails the app: a page whose code cannot be loaded shows "page loading
 * failed, refresh" (never React Router's developer screen), and a call that gets no answer at all
 * shows the spec's message in the user's language (never the HTTP library's "Network Error").
 */
const WORDS: Record<Locale, { failed: string; refresh: string; noResponse: string }> = {
  'zh-CN': { failed: '页面加载失败，请刷新重试', refresh: '刷新', noResponse: '接口请求失败' },
  'en-US': {
    failed: 'The page failed to load, please refresh',
    refresh: 'Refresh',
    noResponse: 'The request failed',
  },
};
const DEVELOPER_SCREEN = 'Unexpected Application Error';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Goes to `path` inside the app, as a click on a link does (the current page's code stays loaded). */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** From now on every script request fails, as on a cut network or after a release replaced them. */
const blockScripts = (page: Page) =>
  page.route(/\.js(\?.*)?$/, (route) => route.abort('internetdisconnected'));

describe.each(LOCALES)('the network fails the app (%s)', (locale) => {
  const words = WORDS[locale];
  let context: BrowserContext;

  beforeAll(async () => {
    context = await newAppContext(browser, locale, { width: 1440 });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('a public page whose code does not load says so and offers a refresh that works', async () => {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await blockScripts(page);
    await navigateInApp(page, '/pricing');
    const failed = page.getByTestId('page-load-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toContain(words.failed);
    expect(await page.locator('body').textContent()).not.toContain(DEVELOPER_SCREEN);
    await saveScreenshot(page, locale, 'page-load-failed-public');
    await page.unroute(/\.js(\?.*)?$/);
    await failed.getByRole('button', { name: words.refresh }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await page.locator('[data-testid=page-load-failed]').waitFor({ state: 'detached' });
    await settle(page);
    expect(await page.locator('body').textContent()).not.toContain(words.failed);
    await page.close();
  });

  it('a dashboard page whose code does not load says so inside the dashboard, the menu still there', async () => {
    const page = await context.newPage();
    await logIn(page, { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword });
    await settle(page);
    await blockScripts(page);
    await navigateInApp(page, '/dashboard/admin/tools');
    const failed = page.getByTestId('page-load-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toContain(words.failed);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
    expect(await page.locator('body').textContent()).not.toContain(DEVELOPER_SCREEN);
    await saveScreenshot(page, locale, 'page-load-failed-dashboard');
    await page.unroute(/\.js(\?.*)?$/);
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.close();
  });

  it('a call on a cut network shows the spec message in the language of the page', async () => {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await settle(page);
    await context.setOffline(true);
    try {
      await submitLogin(page, E2E_ADMIN.adminUsername, E2E_ADMIN.adminPassword);
      await toast(page, words.noResponse).waitFor();
      expect(await page.locator('body').textContent()).not.toContain('Network Error');
      // No field error about a module that did not load: the fields were filled in correctly.
      expect(await page.locator(FIELD_ERRORS).count()).toBe(0);
      await saveScreenshot(page, locale, 'network-cut-login', { fullPage: false });
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });
});
